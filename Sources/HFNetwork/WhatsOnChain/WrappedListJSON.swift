/// WhatsOnChain's wrapped list reply `{address?, script, result: [...], error, nextPageToken?}`, or a bare array
/// (older deployments and some clients' mocks).
///
/// A missing or null `result` is an empty list; `error` defaults to `""`; an empty `nextPageToken` means no
/// further page.
struct WrappedListJSON<Item: Decodable>: Decodable {
    /// The items.
    let result: [Item]
    /// The service's error text; non-empty means failure even with HTTP 200.
    let error: String
    /// The token of the next page, if there is one.
    let nextPageToken: String?
    /// The address the reply is about, if it says.
    let address: String?

    /// The JSON member names.
    private enum CodingKeys: String, CodingKey {
        case result, error, nextPageToken, address
    }

    /// A reply made of a bare array.
    init(items: [Item]) {
        result = items
        error = ""
        nextPageToken = nil
        address = nil
    }

    /// Decodes the wrapped object.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        result = try container.decodeIfPresent([Item].self, forKey: .result) ?? []
        error = try container.decodeIfPresent(String.self, forKey: .error) ?? ""
        let token = try container.decodeIfPresent(String.self, forKey: .nextPageToken)
        nextPageToken = token?.isEmpty == false ? token : nil
        address = try container.decodeIfPresent(String.self, forKey: .address)
    }
}
