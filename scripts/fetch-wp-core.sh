#!/usr/bin/env bash
# Fetches WordPress core (6.8.x) without wordpress.org: Debian trixie ships it as the `wordpress`
# package. We download the .debs with a private apt state (the system's sources and lists are left
# alone), unpack them, and copy core with its symlinks dereferenced (Debian links bundled JS
# libraries and getID3 from other packages).
#
# Usage: scripts/fetch-wp-core.sh TARGET_DIR
set -euo pipefail

target=${1:?usage: fetch-wp-core.sh TARGET_DIR}
target=$(realpath -m "$target")
if [[ -f "$target/wp-includes/version.php" ]]; then
	echo "WordPress core already present in $target"
	exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Use the same mirror the machine's own sources use.
mirror=$(grep -hoE '^URIs:\s*\S+' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n1 || true)
if [[ -z "$mirror" ]]; then
	mirror=$(grep -hoE '^deb\s+\S+' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | head -n1 || true)
fi
mirror=${mirror:-http://deb.debian.org/debian}

mkdir -p "$work/lists/partial" "$work/archives/partial" "$work/debs" "$work/root"
echo "deb [trusted=yes] $mirror trixie main" > "$work/sources.list"
apt_opts=(
	-o "Dir::Etc::SourceList=$work/sources.list"
	-o "Dir::Etc::SourceParts=/dev/null"
	-o "Dir::State::Lists=$work/lists"
	-o "Dir::Cache::Archives=$work/archives"
	-o "Dir::Cache::pkgcache="
	-o "Dir::Cache::srcpkgcache="
	-o "APT::Get::List-Cleanup=0"
)
echo "Fetching the trixie package index from $mirror ..."
apt-get "${apt_opts[@]}" update -qq
cd "$work/debs"
apt-get "${apt_opts[@]}" download -qq \
	wordpress libjs-lodash libjs-underscore libjs-cropper php-getid3 wordpress-theme-twentytwentyfive
for deb in ./*.deb; do
	dpkg -x "$deb" "$work/root"
done

mkdir -p "$target"
# -L dereferences symlinks; Debian's links point at absolute paths under $work/root's /usr/share,
# so rewrite them to the unpacked tree first.
while IFS= read -r link; do
	dest=$(readlink "$link")
	if [[ "$dest" == /* && -e "$work/root$dest" ]]; then
		ln -sfn "$work/root$dest" "$link"
	fi
done < <(find "$work/root/usr/share/wordpress" -type l)
cp -rL "$work/root/usr/share/wordpress/." "$target/"
rm -f "$target/wp-config.php" "$target/.htaccess"
# The theme package installs outside the core folder.
if [[ -d "$work/root/usr/share/wordpress/wp-content/themes/twentytwentyfive" ]]; then
	:
elif [[ -d "$work/root/usr/share/wordpress-theme-twentytwentyfive" ]]; then
	cp -rL "$work/root/usr/share/wordpress-theme-twentytwentyfive" "$target/wp-content/themes/twentytwentyfive"
fi
grep -E "^\\\$wp_version" "$target/wp-includes/version.php"
echo "WordPress core ready in $target"
