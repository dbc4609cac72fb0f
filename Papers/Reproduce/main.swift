import Foundation
import Reproductions

exit(ReproduceTool().main(arguments: Array(CommandLine.arguments.dropFirst())))
