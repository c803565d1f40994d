#!/bin/sh
# The image's base, made from the build machine's own JDK: a Java runtime cut to the modules the
# harness, Gatling and the embedded targets use (jlink), the shared libraries it and `cat` (the
# injectors' readiness probe) load, found with ldd, and the few files of /etc a JVM reads. No
# registry is needed to build it; it runs wherever the build machine's architecture does.
# Usage: rootfs.sh JAVA_HOME OUT
set -eu
java_home=$1
out=$2
rm -rf "$out"
mkdir -p "$out/etc" "$out/tmp" "$out/bin" "$out/proc"
chmod 1777 "$out/tmp"
"$java_home/bin/jlink" --output "$out/opt/java" --strip-debug --no-man-pages --no-header-files --compress=2 \
  --add-modules java.base,java.compiler,java.logging,java.management,java.naming,java.net.http,java.scripting,java.sql,java.xml,java.desktop,java.instrument,java.security.jgss,java.transaction.xa,jdk.unsupported,jdk.management,jdk.crypto.ec,jdk.zipfs,jdk.naming.dns,jdk.net,jdk.jfr,jdk.localedata,jdk.charsets,jdk.httpserver
cp "$(command -v cat)" "$out/bin/cat"
# A headless JVM never loads the display, sound and font libraries; without them it needs no X11.
rm -f "$out"/opt/java/lib/libawt_xawt.so "$out"/opt/java/lib/libsplashscreen.so "$out"/opt/java/lib/libjawt.so \
  "$out"/opt/java/lib/libjsound.so "$out"/opt/java/lib/libfontmanager.so
# Every library the runtime and cat need from the system, where the loader looks for it.
find "$out/opt/java" "$out/bin" -type f \( -name '*.so' -o -perm -u+x \) | while read -r elf; do
  ldd "$elf" 2>/dev/null | awk '/=> \//{print $3} /^\t\/lib/{print $1}'
done | grep -v "^$out" | sort -u | while read -r lib; do
  mkdir -p "$out$(dirname "$lib")"
  cp -L "$lib" "$out$lib"
done
# getaddrinfo's and getpwuid's files: names from /etc/hosts, then DNS (the cluster's resolv.conf is mounted).
printf 'passwd: files\ngroup: files\nhosts: files dns\n' > "$out/etc/nsswitch.conf"
printf 'root:x:0:0:root:/root:/nonexistent\nbench:x:10001:10001:container-bench:/tmp:/nonexistent\n' > "$out/etc/passwd"
printf 'root:x:0:\nbench:x:10001:\n' > "$out/etc/group"
