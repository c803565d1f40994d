#!/bin/sh
# A short benchmark in the project's image, without a container runtime (none runs on this project's
# machines): the image's layers unpacked into a folder and mounted read-only (the pods'
# readOnlyRootFilesystem), /tmp and /results on tmpfs (their emptyDirs), /proc and /sys mounted and
# /dev's four character devices made and the cgroup hierarchies mounted as a runtime would, and the target and one injector started in it with chroot as the image's user (10001),
# the injector exactly as its pod starts it. Passes when the injector ends with status 0 and prints
# a results file whose run completed. Needs root (mount, chroot) and target/jib-image.tar
# (mvn -Pimage package -DskipTests).
# Usage: image/smoke.sh [IMAGE_TAR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tar=${1:-$here/target/jib-image.tar}
work=$(mktemp -d /tmp/container-bench-image-XXXXXX)
root=$work/root
target_pid=
cleanup() {
  if [ -n "$target_pid" ]; then
    kill "$target_pid" 2>/dev/null || true
    wait "$target_pid" 2>/dev/null || true
  fi
  umount -R "$root/sys/fs/cgroup" 2>/dev/null || true
  for m in sys proc tmp results ""; do umount "$root/$m" 2>/dev/null || true; done
  # Never delete through a mount that is still there: it would delete the host's files.
  if grep -q " $work/" /proc/mounts; then
    echo "image smoke test: $work still has mounts; left in place" >&2
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT INT TERM
mkdir -p "$root" "$work/layers"
tar -xf "$tar" -C "$work/layers"
for layer in $(python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))[0]["Layers"]))' "$work/layers/manifest.json"); do
  tar -xzf "$work/layers/$layer" -C "$root" 2>/dev/null
done
mkdir -p "$root/proc" "$root/sys" "$root/dev" "$root/results"
mknod -m 666 "$root/dev/null" c 1 3
mknod -m 666 "$root/dev/zero" c 1 5
mknod -m 666 "$root/dev/random" c 1 8
mknod -m 666 "$root/dev/urandom" c 1 9
mount --bind "$root" "$root"
mount -o remount,bind,ro "$root"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mount -t tmpfs -o mode=777 tmpfs "$root/results"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
# The cgroup hierarchies, as a runtime mounts them: the target reports its cgroup's CPU and memory.
mount --rbind /sys/fs/cgroup "$root/sys/fs/cgroup"
port=18789
resources=18790
# The target serves its cgroup's CPU and memory as in its pod (deploy/kubernetes/target.yaml). Here, with
# no runtime, its cgroup is the machine's: the figure counts the injector too, and only shows that it is read.
chroot --userspec=10001:10001 "$root" /opt/java/bin/java -Xmx512m -jar /app/targets/tomcat/target/tomcat-target.jar \
  --host 127.0.0.1 --port $port --resources-port $resources --resources-scope cgroup > "$work/target.log" 2>&1 &
target_pid=$!
# The injector's command as deploy/kubernetes/injectors.yaml gives it, one injector, a short plan.
chroot --userspec=10001:10001 "$root" /opt/java/bin/java -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12 \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED -Xms1g -Xmx1g \
  -Dproject.root=/app -Dcontainer=tomcat -Dtarget.url=http://127.0.0.1:$port -Dtarget.resources=http://127.0.0.1:$resources \
  -Dbenchmarks.dir=/results \
  -Dtiers=10 -DtierSeconds=5 -DwarmupSeconds=5 \
  -cp '/app/libs/*' containerbench.cli.PodInjector containerbench.simulation.LoginSimulation > "$work/injector.log" 2>&1 \
  || { echo "image smoke test: the injector failed; its log ends:"; tail -40 "$work/injector.log"; exit 1; }
results=$(sed -n '/^container-bench-results-begin /,/^container-bench-results-end /p' "$work/injector.log" | sed '1d;$d' \
  | base64 -d | gunzip)
status=$(printf '%s' "$results" | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')
if [ "$status" != "complete" ]; then
  echo "image smoke test: the run's status is '$status', not complete"; tail -40 "$work/injector.log"; exit 1
fi
cpu=$(printf '%s' "$results" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tiers"][0]["resources"]["targetCpuMicrosPerRequest"])')
if ! python3 -c "import sys; sys.exit(0 if float('$cpu') > 0 else 1)"; then
  echo "image smoke test: no CPU per response from the target's own report ($cpu)"; tail -40 "$work/injector.log"; exit 1
fi
echo "image smoke test: a tomcat run completed in $(basename "$tar"), its results read back from the injector's log, the target's"\
  "CPU per response from its own report: $cpu us"
