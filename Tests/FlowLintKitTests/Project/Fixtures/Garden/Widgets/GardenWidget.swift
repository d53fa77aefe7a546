struct GardenWidget {}
