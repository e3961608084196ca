#!/bin/sh
# make dist: the portable tarball dist/hf-airgap-VERSION-linux-ARCH.tar.gz (README "Moving hf-signer to the offline
# machine"). hf-signer and hf-watcher are built in release with the Swift runtime linked statically
# (--static-swift-stdlib) and every C library from its Debian static archive (packaging/static-pkgconfig.sh); the
# libraries without one that hf-signer loads (libqrencode, and libstdc++/libgcc_s, which the static Swift runtime
# still needs) are copied into the tarball's lib/ and found through the rpath $ORIGIN/../lib. So hf-signer needs
# nothing from the offline machine but glibc. hf-watcher keeps its libcurl dependency (FoundationNetworking).
#
# The build uses its own build directory (.build/dist), so the default debug and test builds are untouched.
# Paths of the checkout are mapped to "." and the binaries are stripped, so two checkouts in different directories
# give the same bytes; the tar archive is ordered, owned by 0:0 and dated by the last commit. Two things still held
# the checkout's path: `.swift_modhash` (the MD5 of each module's LLVM IR, whose source file names are absolute,
# kept only so that the compiler can skip unchanged objects; nothing reads it in a linked program), zeroed below,
# and the GNU build ID, a hash over all of it, left out (--build-id=none).
#
# Environment: SWIFT (default swift), DIST_DIR (default dist), DIST_BUILD (default .build/dist).
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
swift=${SWIFT:-swift}
out=${DIST_DIR:-dist}
build=${DIST_BUILD:-.build/dist}
programs="hf-signer hf-watcher"

# glibc's own libraries: the only ones hf-signer may take from the machine it runs on.
glibc='^(ld-linux[^/]*\.so\.[0-9]+|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libutil\.so\.1)$'

# Overwrites ELF section $2 of file $1 with zeros of the same size (if the section is there).
zero_section() {
    size=$(readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\]//' | awk -v name="$2" '$1 == name { print $5 }')
    [ -n "$size" ] || return 0
    head -c "$((0x$size))" /dev/zero > "$1.zeros"
    objcopy --update-section "$2=$1.zeros" "$1"
    rm -f "$1.zeros"
}

static="$build/static"
sh packaging/static-pkgconfig.sh "$static"
for program in $programs; do
    PKG_CONFIG_PATH="$root/$static/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" "$swift" build -c release --product "$program" \
        --build-path "$build" --static-swift-stdlib \
        -Xswiftc -file-prefix-map -Xswiftc "$root=." -Xcc "-ffile-prefix-map=$root=." \
        -Xlinker -rpath -Xlinker '$ORIGIN/../lib' -Xlinker --build-id=none
done
bin=$("$swift" build -c release --build-path "$build" --show-bin-path)

version=$("$bin/hf-signer" --version)
watcher_version=$("$bin/hf-watcher" --version)
if [ "$version" != "$watcher_version" ]; then
    echo "dist: hf-signer is $version but hf-watcher is $watcher_version; give both the same version" >&2
    exit 1
fi
arch=$(uname -m)
name="hf-airgap-$version-linux-$arch"
stage="$out/$name"
rm -rf "$out"/hf-airgap-* "$out/SHA256SUMS"
mkdir -p "$stage/bin" "$stage/lib" "$stage/man/man1" "$stage/man/man5"
for program in $programs; do
    cp "$bin/$program" "$stage/bin/$program"
    strip --strip-all "$stage/bin/$program"
    zero_section "$stage/bin/$program" .swift_modhash
done
# The shared libraries hf-signer loads that are not glibc's travel along (ldd resolves them on this machine).
ldd "$stage/bin/hf-signer" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | while read -r soname path; do
    if ! echo "$soname" | grep -Eq "$glibc"; then cp -L "$path" "$stage/lib/$soname"; chmod 644 "$stage/lib/$soname"; fi
done
if ldd "$stage/bin/hf-signer" | grep -q 'not found'; then
    echo "dist: hf-signer has unresolved libraries:" >&2; ldd "$stage/bin/hf-signer" >&2; exit 1
fi
for program in $programs; do cp "man/$program.1" "$stage/man/man1/"; done
cp man/hf-bundles.5 "$stage/man/man5/"
sed "s/@NAME@/$name/g; s/@VERSION@/$version/g; s/@ARCH@/$arch/g" packaging/INSTALL.in > "$stage/INSTALL"
chmod 755 "$stage/bin/"*; chmod 644 "$stage/INSTALL" "$stage/man/"*/*

# SHA256SUMS inside (every file of the tree) and beside the tarball (the tarball itself).
(cd "$stage" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)
tar -C "$out" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" --format=gnu -cf - "$name" \
    | gzip -9n > "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" > SHA256SUMS)
echo "dist: wrote $out/$name.tar.gz"
for program in $programs; do echo "dist: $program $(wc -c < "$stage/bin/$program") bytes"; done
