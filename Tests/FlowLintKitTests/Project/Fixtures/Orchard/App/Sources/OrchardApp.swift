struct OrchardApp {}
