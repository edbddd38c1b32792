#!/usr/bin/env bash
# Regenerates the SQL migration from every schema file under server/db/schema/, serialised by a lock
# so two people regenerating at once cannot interleave. (Until the first release the schema ships as
# one initial migration; after it, use `npm run db:generate` to add migrations instead.)
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/apex-migrations.lock
flock 9
rm -rf server/db/migrations
npx drizzle-kit generate --name init >/dev/null
# Hand-written SQL that drizzle-kit cannot express (triggers: server/db/sql/*.sql), appended in name order.
init="$(ls server/db/migrations/*.sql)"
for f in server/db/sql/*.sql; do
  [ -e "$f" ] || continue
  printf -- '--> statement-breakpoint\n' >>"$init"
  cat "$f" >>"$init"
done
echo "migrations regenerated: $(ls server/db/migrations/*.sql)"
