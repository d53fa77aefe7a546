struct InVirtual {}
