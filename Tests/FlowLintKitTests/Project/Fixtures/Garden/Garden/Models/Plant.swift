struct Plant {}
