struct GardenApp {}
