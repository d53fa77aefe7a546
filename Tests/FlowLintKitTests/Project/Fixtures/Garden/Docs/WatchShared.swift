struct WatchShared {}
