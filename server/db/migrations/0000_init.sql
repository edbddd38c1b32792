CREATE TABLE "api_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"employee_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_permissions" (
	"claim_permission_id" serial PRIMARY KEY NOT NULL,
	"claim_type" text NOT NULL,
	"claim_value" text,
	"permission_key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_permissions" (
	"employee_id" integer NOT NULL,
	"permission_key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_permissions_employee_id_permission_key_pk" PRIMARY KEY("employee_id","permission_key")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"login_attempt_id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"module_id" integer
);
--> statement-breakpoint
CREATE TABLE "role_assignments" (
	"role_assignment_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"employment_record_id" integer
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_key" text NOT NULL,
	"value" text DEFAULT 'true' NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_key_pk" PRIMARY KEY("role_id","permission_key")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope_id" integer NOT NULL,
	"grant_type_id" integer NOT NULL,
	"division_id" integer,
	"icd_corporation_id" integer,
	"is_assignable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"proxy_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"employee_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"icd_corporation_id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"client_name" text NOT NULL,
	"corporation_status_id" integer DEFAULT 1 NOT NULL,
	"country_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "division_profiles" (
	"division_profile_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"payroll_policy_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"division_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "icd_offices" (
	"icd_office_id" serial PRIMARY KEY NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"office_name" text NOT NULL,
	"meridian_office_id" text,
	"street_line1" text,
	"street_line2" text,
	"city" text NOT NULL,
	"state_province" text NOT NULL,
	"postal_code" text,
	"country_id" integer NOT NULL,
	"time_zone" text NOT NULL,
	"latitude" text,
	"longitude" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_divisions" (
	"icd_office_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	CONSTRAINT "office_divisions_icd_office_id_division_id_pk" PRIMARY KEY("icd_office_id","division_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"employee_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"user_name" text NOT NULL,
	"email_address" text,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"inactive" boolean DEFAULT false NOT NULL,
	"is_service_account" boolean DEFAULT false NOT NULL,
	"beta_opt" boolean DEFAULT false NOT NULL,
	"locale_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_record_divisions" (
	"employment_record_id" integer NOT NULL,
	"division_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_records" (
	"employment_record_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"employee_status_id" integer DEFAULT 1 NOT NULL,
	"pay_frequency_id" integer,
	"basis_of_pay_id" integer,
	"job_title_id" integer,
	"pay_rate" numeric(12, 2),
	"hire_date" date,
	"termination_date" date,
	"time_clock" boolean DEFAULT false NOT NULL,
	"require_break" boolean DEFAULT false NOT NULL,
	"is_on_payroll" boolean DEFAULT true NOT NULL,
	"track_real_time" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_errors" (
	"client_error_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer,
	"message" text NOT NULL,
	"stack" text,
	"url" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "division_modules" (
	"division_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	CONSTRAINT "division_modules_division_id_module_id_pk" PRIMARY KEY("division_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "feature_preferences" (
	"feature" text PRIMARY KEY NOT NULL,
	"option" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "lookups" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"data" jsonb,
	CONSTRAINT "lookups_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"message_type" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"module_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_provinces" (
	"state_province_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"state_name" text NOT NULL,
	"country_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_permissions" ADD CONSTRAINT "employee_permissions_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_profiles" ADD CONSTRAINT "division_profiles_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "icd_offices" ADD CONSTRAINT "icd_offices_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_divisions" ADD CONSTRAINT "office_divisions_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_divisions" ADD CONSTRAINT "office_divisions_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_record_divisions" ADD CONSTRAINT "employment_record_divisions_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_records" ADD CONSTRAINT "employment_records_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_records" ADD CONSTRAINT "employment_records_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_permissions_unique" ON "claim_permissions" USING btree ("claim_type","claim_value","permission_key");--> statement-breakpoint
CREATE INDEX "login_attempts_user" ON "login_attempts" USING btree ("user_name","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "role_assignments_employee" ON "role_assignments" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "sessions_employee" ON "sessions" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_key_employee_uq" ON "idempotency_keys" USING btree ("key","employee_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_name_lower" ON "employees" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "employment_records_employee" ON "employment_records" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employment_records_office" ON "employment_records" USING btree ("icd_office_id");