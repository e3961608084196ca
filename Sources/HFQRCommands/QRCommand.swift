public import HFCommandLine

/// `qr`: moving bundles between the offline and the online machine as QR codes (docs/design.md §9), shared by `hf-signer`
/// and `hf-watcher`.
///
/// The commands never touch a home: they read and write only the files named on the command line. A decoded file
/// is written only after it decodes strictly as the bundle its content names.
public struct QRCommand: CommandGroup {
    public static let name = "qr"
    public static let abstract = "Move bundles as animated QR codes: encode to PNG frames, show, decode, scan live."
    public static let discussion: String? = """
        Frames are BBQr (Z: raw deflate then Base32, else 2) by default, one bundle per animation, parts numbered \
        from 1 as the files 0001.png… and the "part k of N" line of 'qr show'; --format ur writes fountain-coded UR \
        frames (BCR-2020-005, type bytes) and --format chunk the CHUNK: frames of BSV wallets. --density \
        low|normal|high|max picks the largest QR version (10, 20, 27, 40) at level L; --qr-version N and --ecc \
        L|M|Q|H set them exactly. 'qr decode' reads PNG, PGM and PPM images, directories of them, and frame text \
        (--text, one frame per line on stdin, or frames run together as zbarimg -Sbinary prints them); BBQr, UR \
        (single and multi-part, solved by elimination over GF(2): any n independent parts complete it, progress \
        shows the rank) and CHUNK: frames are read, each animation on its own; it writes the bundle only when it \
        is complete and decodes strictly, and otherwise exits 65 listing the missing parts. 'qr decode --follow' \
        and 'qr scan [--camera]' scan live: they read one symbol per line as it arrives (zbarcam --raw, or a pipe) \
        and stop the moment the bundle is complete. No home is needed.
        """
    public static let subcommands: [any Command.Type] = [
        QREncodeCommand.self, QRShowCommand.self, QRDecodeCommand.self, QRScanCommand.self,
    ]

    /// The group (it has no state).
    public init() {}
}
