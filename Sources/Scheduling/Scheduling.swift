@_exported import Constraints
