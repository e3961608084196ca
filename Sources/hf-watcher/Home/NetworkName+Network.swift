import HFCommandLine
import HFPrimitives

extension NetworkName {
    var network: Network {
        switch self {
        case .main: .main
        case .test: .test
        case .regtest: .regtest
        }
    }
}
