import CoreLocation

final class LocationTracker: NSObject, CLLocationManagerDelegate {
    @Published private(set) var lastLocation: CLLocation? // expect: published_without_observable_object
    @Published private(set) var metresWalked: CLLocationDistance = 0

    private let manager = CLLocationManager()

    override init() {
        super.init()
        manager.delegate = self
        manager.activityType = .fitness
    }

    func start() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func stop() {
        manager.stopUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            if let previous = lastLocation {
                metresWalked += location.distance(from: previous)
            }
            lastLocation = location
        }
    }
}
