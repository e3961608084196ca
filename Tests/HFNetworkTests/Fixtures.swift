/// Replies in the real services' shapes, from docs/reference/provider-apis.md.
enum Fixtures {
    /// WhatsOnChain `GET /chain/info` (§1.3.1, values from the WOCDOC example), plus a field the client does not
    /// know, as services add them.
    static let chainInfo = """
        {"chain":"main","blocks":905064,"headers":905064,
         "bestblockhash":"0000000000000000112ea3732c0417a2cee0130e9217dbba1b0ff078c92c904e",
         "difficulty":51223782275.04099,"mediantime":1752242156,"verificationprogress":0.9999990488341951,
         "pruned":false,"chainwork":"00000000000000000000000000000000000000000167559704876ce49d636d35",
         "someNewField":{"nested":[1,2,3]}}
        """

    /// The hash of block 575045.
    static let hash575045 = "000000000000000004a288072ebb35e37233f419918f9783d499979cb6ac33eb"

    /// WhatsOnChain header object of block 575045 (§1.3.2, values from the WTB doc comment).
    static let header575045 = """
        {"hash":"000000000000000004a288072ebb35e37233f419918f9783d499979cb6ac33eb","confirmations":328433,
         "size":14421,"height":575045,"version":536928256,"versionHex":"2000e000",
         "merkleroot":"4ebcba09addd720991d03473f39dce4b9a72cc164e505cd446687a54df9b1585",
         "time":1553416668,"mediantime":1553414858,"nonce":87914848,"bits":"180997ee",
         "difficulty":114608607557.4425,
         "chainwork":"000000000000000000000000000000000000000000ddf5d385546872bab7dc01",
         "previousblockhash":"00000000000000000988156c7075dc9147a5b62922f1310862e8b9000d46dd9b",
         "nextblockhash":"00000000000000000112b36a37c10235fa0c991f680bc5482ba9692e0ae697db",
         "nTx":0,"num_tx":5}
        """

    /// Block 557957 in the same shape (Tests/Vectors/chain/headers/bsv-mainnet-sample-headers.json values).
    static let header557957 = """
        {"hash":"0000000000000000020973011c0bb9db0a05fc1cd6807b5da82515bdf97232a8","height":557957,
         "version":536870912,"merkleroot":"b5003618451f6e917a05bd9311834cda1445a95a743c2bb6d8f299779de9149d",
         "time":1543045584,"nonce":781529613,"bits":"1802fd11",
         "previousblockhash":"0000000000000000022e6dd67453e34bec8a4b31633c6e21ac13732ea7c20b3b",
         "nextblockhash":"","confirmations":1}
        """

    /// WhatsOnChain unspent reply (§1.3.8, the UTXO from the WTB doc comment) for `address`.
    static func unspent(address: String) -> String {
        """
        {"address":"\(address)","script":"\(String(repeating: "ab", count: 32))","error":"",
         "result":[{"height":893652,"tx_pos":11,
                    "tx_hash":"2178a1e93d46edda946d9069f9b157ddfacb451fee0278e657941f09bfdb5d8f",
                    "value":1005,"isSpentInMempoolTx":false,"status":"confirmed"},
                   {"height":0,"tx_pos":0,
                    "tx_hash":"2178a1e93d46edda946d9069f9b157ddfacb451fee0278e657941f09bfdb5d8f",
                    "value":1,"isSpentInMempoolTx":true,"status":"unconfirmed"}]}
        """
    }

    /// JungleBus address records (§2.2): the union shape, and a record without `block_height`.
    static func jungleBusHistory(address: String) -> String {
        """
        [{"id":"8859250950ecbb7025731c1206e277e344a6db5f285274b7a1d2817980ab8e64","address":"\(address)",
          "transaction_id":"eb197a43a7c4ed230a7125d7e7bf5990cd60be8ff0f59b8fffdfd91d52dfce82",
          "block_hash":"0000000000000000002be95240df5e4215e6878259dce8b9df08650641fdd40a",
          "block_height":750000,"block_index":50545,"block_page":0},
         {"id":"x","address":"\(address)",
          "transaction_id":"eb197a43a7c4ed230a7125d7e7bf5990cd60be8ff0f59b8fffdfd91d52dfce82",
          "block_hash":"0000000000000000002be95240df5e4215e6878259dce8b9df08650641fdd40a","block_index":50546},
         {"id":"y","transaction_id":"068f2ce0d01b5f1e7c7a07c209c3c67d583aeae83e11e92801b51c36f81d6b67",
          "block_hash":"0000000000000000002be95240df5e4215e6878259dce8b9df08650641fdd40a","block_index":7}]
        """
    }

    /// ARC `POST /v1/tx` success (§3.4) about `txid`.
    static func arcSeen(_ txid: String, status: String = "SEEN_ON_NETWORK", extraInfo: String = "") -> String {
        """
        {"blockHash":"","blockHeight":0,"competingTxs":null,"extraInfo":"\(extraInfo)","merklePath":"","status":200,
         "timestamp":"2026-05-02T10:11:12.123456789Z","title":"OK","txStatus":"\(status)","txid":"\(txid)"}
        """
    }

    /// ARC 465 error object (§3.4) about `txid`.
    static func arcFeeTooLow(_ txid: String, extraInfo: String = "arc error 465: fee of 12 sat is too low") -> String {
        """
        {"type":"https://bitcoin-sv.github.io/arc/#/errors?id=_465","title":"Fee too low","status":465,
         "detail":"Fees are insufficient","instance":null,"txid":"\(txid)","extraInfo":"\(extraInfo)"}
        """
    }

    /// ARC `GET /v1/tx/{txid}` mined reply (§3.6, the arc.yaml example with `txid` put in).
    static func arcMined(_ txid: String) -> String {
        """
        {"blockHash":"0000000000000aac89fbed163ed60061ba33bc0ab9de8e7fd8b34ad94c2414cd","blockHeight":736228,
         "competingTxs":null,"extraInfo":"",
         "merklePath":"fe54251800020400028d97f9ebeddd9f9aa8e0e953b3a76f316298ab05e9834aa811716e9d397564e501025f64aa8e012e26a5c5803c9f94d1c2c8ea68ecef1415011e1c2e26b9c966b6ad02021f5fa39607ca3b48d53c902bd5bb4bbf6a7ac99cf9fda45cc21b71e6e2f7889603024a2bb116e86325c9b8512f10b22c228ab3272fe3f373b1bd4a9a6b334b068bb602000061793b278303101a1390ceae5a713de0eabd9cda63702fe84c928970acf7c45e0100a567e3d066e38638b27897559302eabc85eb69b202c2e86d4338bab73008f460",
         "timestamp":"2023-03-09T12:03:48.382910514Z","txStatus":"MINED","txid":"\(txid)"}
        """
    }

    /// ARC 404 error object (§3.6).
    static let arcNotFound = """
        {"type":"https://bitcoin-sv.github.io/arc/#/errors?id=_404","title":"Not found","status":404,
         "detail":"The requested resource could not be found","instance":null,"txid":null,
         "extraInfo":"transaction not found"}
        """

    /// ARC `GET /v1/policy` (§3.7).
    static let arcPolicy = """
        {"timestamp":"2026-05-02T10:11:12.123Z",
         "policy":{"maxscriptsizepolicy":500000,"maxtxsigopscountspolicy":4294967295,"maxtxsizepolicy":10000000,
                   "miningFee":{"satoshis":1,"bytes":1000},"standardFormatSupported":true}}
        """

    /// GorillaPool ordinals `Txo` with an inscription (§4.2).
    static let inscribedTxo = """
        {"txid":"e17d7856c375640427943395d2341b6ed75f73afc8b22bb3681987278978a584","vout":1,
         "outpoint":"e17d7856c375640427943395d2341b6ed75f73afc8b22bb3681987278978a584_1",
         "satoshis":1,"accSats":1,"owner":"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH","spend":"",
         "height":783968,"idx":756,
         "data":{"insc":{"file":{"hash":"3dbe16ec","size":2592,"type":"image/png"}}},
         "origin":{"outpoint":"e17d7856c375640427943395d2341b6ed75f73afc8b22bb3681987278978a584_1",
                   "num":"0783968:756:1","data":{"insc":{"file":{"hash":"3dbe16ec","size":2592,"type":"image/png"}}}}}
        """

    /// The txid of `inscribedTxo`.
    static let inscribedTxid = "e17d7856c375640427943395d2341b6ed75f73afc8b22bb3681987278978a584"
}
