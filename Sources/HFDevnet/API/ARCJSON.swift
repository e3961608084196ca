import Foundation
import HFPrimitives

/// The JSON bodies of the ARC imitation (docs/reference/provider-apis.md §3.4–3.8), with ARC's member names.
enum ARCJSON {
    /// `TransactionResponse` (`POST /v1/tx` with 200) and `TransactionStatus` (`GET /v1/tx/{txid}`, which has no
    /// `status`/`title`): `blockHash` `""` and `blockHeight` 0 until mined, `merklePath` the BUMP hex or `""`,
    /// `competingTxs` null.
    struct Transaction: Encodable {
        let submission: DevnetSubmission
        /// Whether `status` (200) and `title` ("OK") are written, as `POST /v1/tx` does.
        let includesStatus: Bool
        let timestamp: String

        private enum CodingKeys: String, CodingKey {
            case txid, txStatus, status, title, timestamp, blockHash, blockHeight, merklePath, extraInfo,
                competingTxs
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(submission.txid.displayHex, forKey: .txid)
            try container.encode(submission.txStatus.rawValue, forKey: .txStatus)
            if includesStatus {
                try container.encode(200, forKey: .status)
                try container.encode("OK", forKey: .title)
            }
            try container.encode(timestamp, forKey: .timestamp)
            try container.encode(submission.blockHash?.displayHex ?? "", forKey: .blockHash)
            try container.encode(submission.blockHeight ?? 0, forKey: .blockHeight)
            try container.encode(submission.merklePath?.hex ?? "", forKey: .merklePath)
            try container.encode("", forKey: .extraInfo)
            try container.encodeNil(forKey: .competingTxs)
        }
    }

    /// ARC's `ErrorFields`: `{type, title, status, detail, instance: null, txid, extraInfo}`.
    struct ErrorFields: Error, Encodable {
        let status: Int
        let title: String
        let detail: String
        let txid: Txid?
        let extraInfo: String

        private enum CodingKeys: String, CodingKey {
            case type, title, status, detail, instance, txid, extraInfo
        }

        /// The fields of a mempool rejection of `txid`.
        init(_ rejection: MempoolRejection, txid: Txid?) {
            status = rejection.arcStatus
            title = rejection.arcTitle
            detail = rejection.arcDetail
            self.txid = txid
            extraInfo = rejection.arcExtraInfo
        }

        /// Fields from their parts.
        init(status: Int, title: String, detail: String, txid: Txid? = nil, extraInfo: String) {
            self.status = status
            self.title = title
            self.detail = detail
            self.txid = txid
            self.extraInfo = extraInfo
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("https://bitcoin-sv.github.io/arc/#/errors?id=_\(status)", forKey: .type)
            try container.encode(title, forKey: .title)
            try container.encode(status, forKey: .status)
            try container.encode(detail, forKey: .detail)
            try container.encodeNil(forKey: .instance)
            if let txid {
                try container.encode(txid.displayHex, forKey: .txid)
            } else {
                try container.encodeNil(forKey: .txid)
            }
            try container.encode(extraInfo, forKey: .extraInfo)
        }

        /// 400 Bad request.
        static func badRequest(_ extraInfo: String) -> ErrorFields {
            ErrorFields(
                status: 400, title: "Bad request", detail: "The request seems to be malformed and cannot be processed",
                extraInfo: "arc error 400: \(extraInfo)")
        }

        /// 404 Not found.
        static func notFound(_ extraInfo: String) -> ErrorFields {
            ErrorFields(
                status: 404, title: "Not found", detail: "The requested resource could not be found",
                extraInfo: extraInfo)
        }

        /// 409 Generic error (ARC's answer to an unclassified internal failure).
        static func generic(_ extraInfo: String) -> ErrorFields {
            ErrorFields(
                status: 409, title: "Generic error", detail: "Transaction could not be processed",
                extraInfo: "arc error 409: \(extraInfo)")
        }

        /// The response carrying these fields, with `status` as the HTTP status.
        var response: HTTPResponse { .json(self, status: status) }
    }

    /// An element of the `POST /v1/txs` reply: a transaction response or an error object.
    enum BatchElement: Encodable {
        case success(Transaction)
        case failure(ErrorFields)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .success(let value): try value.encode(to: encoder)
            case .failure(let value): try value.encode(to: encoder)
            }
        }
    }

    /// `GET /v1/policy`.
    struct PolicyReply: Encodable {
        struct Policy: Encodable {
            let maxscriptsizepolicy: Int
            let maxtxsigopscountspolicy: UInt64
            let maxtxsizepolicy: Int
            let miningFee: MiningFee
            let standardFormatSupported: Bool
        }

        struct MiningFee: Encodable {
            let satoshis: UInt64
            let bytes: UInt64
        }

        let timestamp: String
        let policy: Policy

        init(_ policy: DevnetPolicy, timestamp: String) {
            self.timestamp = timestamp
            self.policy = Policy(
                maxscriptsizepolicy: policy.maxScriptSizePolicy, maxtxsigopscountspolicy: policy.maxTxSigopsCountPolicy,
                maxtxsizepolicy: policy.maxTxSizePolicy,
                miningFee: MiningFee(satoshis: policy.miningFeeSatoshis, bytes: policy.miningFeeBytes),
                standardFormatSupported: policy.standardFormatSupported)
        }
    }

    /// `GET /v1/health`: `{healthy, version, reason: null}`.
    struct Health: Encodable {
        let version: String

        private enum CodingKeys: String, CodingKey {
            case healthy, version, reason
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(true, forKey: .healthy)
            try container.encode(version, forKey: .version)
            try container.encodeNil(forKey: .reason)
        }
    }

    /// A submitted transaction in a JSON body: `{"rawTx": "<hex>"}`.
    struct RawTransaction: Decodable {
        let rawTx: String
    }

    /// The current time as ARC writes it: RFC 3339 in UTC with fractional seconds.
    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
