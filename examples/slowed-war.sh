#!/usr/bin/env bash
# The login WAR made slower on purpose, for a build verdict (docs/versions.md): a copy of BASE.war whose
# web.xml gives the login servlet the init-param hashRounds=ROUNDS (each login hashes its password that
# many times with SHA-256 before the echo). Usage: examples/slowed-war.sh BASE.war CHANGE.war [ROUNDS, 200]
set -euo pipefail
base=$1 change=$2 rounds=${3:-200}
[ -f "$base" ] || { echo "no such WAR: $base" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && jar xf "$(realpath "$base")" WEB-INF/web.xml)
grep -q '<servlet-class>containerbench.servlet.LoginServlet</servlet-class>' "$work/WEB-INF/web.xml" \
  || { echo "$base does not declare the login servlet in its web.xml" >&2; exit 1; }
sed -i "s|<servlet-class>containerbench.servlet.LoginServlet</servlet-class>|&<init-param><param-name>hashRounds</param-name><param-value>$rounds</param-value></init-param>|" \
  "$work/WEB-INF/web.xml"
cp "$base" "$change"
(cd "$work" && jar uf "$(realpath "$change")" WEB-INF/web.xml)
echo "$change: $base with hashRounds=$rounds"
