struct GardenTests {}
