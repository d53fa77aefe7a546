struct WaterIntent {}
