-- Hand-written SQL appended to the generated migration by scripts/regen-migrations.sh (drizzle-kit
-- cannot express triggers). The auth cache (server/plugins/auth-cache.ts) keeps each session's
-- resolved user, permissions and scopes in memory; these triggers bump auth_version in the same
-- transaction as any change those are read from, and NOTIFY apex_auth (an embedded database's
-- listener learns of it before the writer's query returns). Whoever writes (a route, a job, a script,
-- psql), every server instance sees the new version at its next check.
INSERT INTO "auth_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('apex_auth', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "permissions_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "role_assignments_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "employee_permissions_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "claim_permissions_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "claim_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "api_clients_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_clients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "employment_records_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employment_records" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "employment_record_divisions_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employment_record_divisions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "office_divisions_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "office_divisions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "icd_offices_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "icd_offices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
-- A user's name, e-mail, password, status or kind; not their preferences (beta_opt, locale_id).
CREATE TRIGGER "employees_auth_version" AFTER UPDATE ON "employees" FOR EACH ROW WHEN (
  OLD."inactive" IS DISTINCT FROM NEW."inactive" OR OLD."is_service_account" IS DISTINCT FROM NEW."is_service_account"
  OR OLD."user_name" IS DISTINCT FROM NEW."user_name" OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
  OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."email_address" IS DISTINCT FROM NEW."email_address"
  OR OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR OLD."employee_id" IS DISTINCT FROM NEW."employee_id"
) EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "employees_removed_auth_version" AFTER DELETE OR TRUNCATE ON "employees" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
-- A session revoked, cut short or handed over; not a new one (nothing cached yet) nor its last-seen touch.
CREATE TRIGGER "sessions_auth_version" AFTER UPDATE ON "sessions" FOR EACH ROW WHEN (
  OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
  OR OLD."employee_id" IS DISTINCT FROM NEW."employee_id" OR OLD."proxy_by_employee_id" IS DISTINCT FROM NEW."proxy_by_employee_id"
  OR OLD."session_hash" IS DISTINCT FROM NEW."session_hash"
) EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "sessions_removed_auth_version" AFTER DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
