struct WatchApp {}
