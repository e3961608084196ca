public import HFStore

extension ApplicationHome {
    /// What the program's home at `--home explicit` (or its default location) records and holds, read without its
    /// lock or database; a home that does not exist (or has no location) holds nothing.
    public static func networks(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) -> HomeNetworks {
        guard let location = try? HomeDirectory.location(
            explicit: explicit, application: Program.layout.application, environment: environment)
        else { return HomeNetworks(recorded: nil, held: [], homeExists: false) }
        return HomeNetworks.read(location: location)
    }
}
