extension ItineraryStop: Identifiable {}
