struct AppExcluded {}
