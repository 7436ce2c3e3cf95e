public import ViperNest
