-- Hand-written SQL appended to the generated migration by scripts/regen-migrations.sh (drizzle-kit
-- cannot express triggers). The lead-marker cache (server/modules/leads/markers-cache.ts) keeps map
-- answers per lead group and lead_marker_versions.version; these triggers bump the version of every
-- group a change touches, in the same transaction as the change, and NOTIFY apex_lead_markers with
-- the group ids ('*': every group) — an embedded database's listener learns of it before the writer's
-- query returns. Whoever writes (a route, an import job, the seed, a script, psql), every server
-- instance sees the new version at its next check.
CREATE OR REPLACE FUNCTION "bump_lead_marker_versions"(ids integer[], everything boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- In group order, so two transactions bumping the same groups lock their rows in the same order.
  INSERT INTO "lead_marker_versions" ("lead_group_id", "version")
    SELECT g, 1 FROM (SELECT DISTINCT unnest(ids) AS g) s WHERE g IS NOT NULL ORDER BY g
    ON CONFLICT ("lead_group_id") DO UPDATE SET "version" = "lead_marker_versions"."version" + 1;
  payload := CASE WHEN everything THEN '*' ELSE array_to_string(ids, ',') END;
  IF length(payload) > 7900 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('apex_lead_markers', payload);
END
$$;
--> statement-breakpoint
-- Rows of leads, lead_assignments, territories and territory_offices: the groups they belong to, before
-- and after. An update of a lead that changes nothing a map shows (notes, address, last activity) bumps
-- nothing.
CREATE OR REPLACE FUNCTION "lead_marker_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'leads' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT "lead_group_id" FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT "lead_group_id" FROM old_rows);
    ELSE
      ids := ARRAY(
        SELECT o."lead_group_id" FROM old_rows o JOIN new_rows n ON n."lead_id" = o."lead_id"
          WHERE (o."lead_group_id", o."latitude", o."longitude", o."lead_status_id", o."declared_status_id", o."territory_id")
            IS DISTINCT FROM (n."lead_group_id", n."latitude", n."longitude", n."lead_status_id", n."declared_status_id", n."territory_id")
        UNION
        SELECT n."lead_group_id" FROM old_rows o JOIN new_rows n ON n."lead_id" = o."lead_id"
          WHERE (o."lead_group_id", o."latitude", o."longitude", o."lead_status_id", o."declared_status_id", o."territory_id")
            IS DISTINCT FROM (n."lead_group_id", n."latitude", n."longitude", n."lead_status_id", n."declared_status_id", n."territory_id"));
    END IF;
  ELSIF TG_TABLE_NAME = 'territories' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT "lead_group_id" FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT "lead_group_id" FROM old_rows);
    ELSE
      ids := ARRAY(SELECT "lead_group_id" FROM old_rows UNION SELECT "lead_group_id" FROM new_rows);
    END IF;
  ELSIF TG_TABLE_NAME = 'lead_assignments' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT l."lead_group_id" FROM "leads" l WHERE l."lead_id" IN (SELECT "lead_id" FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT l."lead_group_id" FROM "leads" l WHERE l."lead_id" IN (SELECT "lead_id" FROM old_rows));
    ELSE
      ids := ARRAY(SELECT DISTINCT l."lead_group_id" FROM "leads" l
        WHERE l."lead_id" IN (SELECT "lead_id" FROM old_rows UNION SELECT "lead_id" FROM new_rows));
    END IF;
  ELSIF TG_TABLE_NAME = 'territory_offices' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT t."lead_group_id" FROM "territories" t WHERE t."territory_id" IN (SELECT "territory_id" FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT t."lead_group_id" FROM "territories" t WHERE t."territory_id" IN (SELECT "territory_id" FROM old_rows));
    ELSE
      ids := ARRAY(SELECT DISTINCT t."lead_group_id" FROM "territories" t
        WHERE t."territory_id" IN (SELECT "territory_id" FROM old_rows UNION SELECT "territory_id" FROM new_rows));
    END IF;
  END IF;
  PERFORM "bump_lead_marker_versions"(ids, false);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tables every group's answers may read (statuses, office teams, offices and their names, the groups
-- themselves): any change bumps every group. Such changes are rare.
CREATE OR REPLACE FUNCTION "lead_marker_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_lead_marker_versions"(ARRAY(SELECT "lead_group_id" FROM "lead_groups"), true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_marker_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "leads_marker_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "leads_marker_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "leads_marker_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_assignments_marker_insert" AFTER INSERT ON "lead_assignments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_assignments_marker_update" AFTER UPDATE ON "lead_assignments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_assignments_marker_delete" AFTER DELETE ON "lead_assignments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_assignments_marker_truncate" AFTER TRUNCATE ON "lead_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "territories_marker_insert" AFTER INSERT ON "territories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "territories_marker_update" AFTER UPDATE ON "territories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "territories_marker_delete" AFTER DELETE ON "territories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "territory_offices_marker_insert" AFTER INSERT ON "territory_offices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "territory_offices_marker_update" AFTER UPDATE ON "territory_offices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "territory_offices_marker_delete" AFTER DELETE ON "territory_offices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_statuses_marker_all" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lead_statuses" FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_office_teams_marker_all" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lead_office_teams" FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_groups_marker_all" AFTER INSERT OR UPDATE OR DELETE ON "lead_groups" FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "icd_offices_marker_all" AFTER INSERT OR UPDATE OR DELETE ON "icd_offices" FOR EACH STATEMENT EXECUTE FUNCTION "lead_marker_all_changed"();
