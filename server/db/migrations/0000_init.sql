CREATE TABLE "access_audit" (
	"access_audit_id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_employee_id" integer,
	"proxy_by_employee_id" integer,
	"employee_id" integer,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"employee_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
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
	"purpose" text DEFAULT 'sign-in' NOT NULL,
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
	"description" text,
	"scope_id" integer NOT NULL,
	"grant_type_id" integer NOT NULL,
	"division_id" integer,
	"icd_corporation_id" integer,
	"is_assignable" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "bank_accounts" (
	"bank_account_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder_name" text,
	"account_type_id" integer DEFAULT 1 NOT NULL,
	"routing_number" text NOT NULL,
	"institution_number" text,
	"account_number" text NOT NULL,
	"is_direct_deposit" boolean DEFAULT false NOT NULL,
	"deposit_amount" numeric(12, 2),
	"deposit_amount_type_id" integer,
	"void_check_file_name" text,
	"void_check_content_type" text,
	"void_check" "bytea",
	"adp_direct_deposit_file_name" text,
	"adp_direct_deposit_content_type" text,
	"adp_direct_deposit" "bytea",
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_infos" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"payment_method_id" integer DEFAULT 2 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_policies" (
	"commission_policy_id" serial PRIMARY KEY NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"name" text NOT NULL,
	"program_id" integer NOT NULL,
	"retailer_id" integer,
	"commission_type_id" integer NOT NULL,
	"commission_threshold_cents" integer DEFAULT 0 NOT NULL,
	"is_paid_guaranteed" boolean DEFAULT true NOT NULL,
	"is_paid_commission" boolean DEFAULT true NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"tiers" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multi_play_commission_policies" (
	"multi_play_commission_policy_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"minimum_plays" integer DEFAULT 2 NOT NULL,
	"bonus_cents" integer NOT NULL,
	"pairs" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_policies" (
	"payout_policy_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"icd_corporation_id" integer,
	"name" text NOT NULL,
	"program_id" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"tiers" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_commission_policies" (
	"product_commission_policy_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"division_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"retailer_id" integer,
	"product_id" integer NOT NULL,
	"product_line_id" integer,
	"commission_type_id" integer DEFAULT 4 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"tiers" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditor_corporations" (
	"auditor_id" integer NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	CONSTRAINT "auditor_corporations_auditor_id_icd_corporation_id_pk" PRIMARY KEY("auditor_id","icd_corporation_id")
);
--> statement-breakpoint
CREATE TABLE "auditors" (
	"auditor_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text,
	"phone_number" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_corporations" (
	"hub_id" integer NOT NULL,
	"icd_corporation_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubs" (
	"hub_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state_province_id" integer,
	"contact_name" text,
	"email_address" text,
	"phone_number" text,
	"regional_consultant_id" integer,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "national_consultants" (
	"national_consultant_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text,
	"phone_number" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"country_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoting_owner_corporations" (
	"promoting_owner_id" integer NOT NULL,
	"icd_corporation_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoting_owners" (
	"promoting_owner_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text,
	"phone_number" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regional_consultants" (
	"regional_consultant_id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text,
	"phone_number" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"national_consultant_id" integer,
	"state_province_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_events" (
	"employment_event_id" serial PRIMARY KEY NOT NULL,
	"event_type_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employment_record_id" integer,
	"icd_office_id" integer,
	"bank_account_id" integer,
	"effective_date" date,
	"termination_reason_id" integer,
	"termination_reason_extra" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_employee_id" integer,
	"processed_at" timestamp with time zone,
	"processed_by_employee_id" integer,
	"comments" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"employee_id" integer NOT NULL,
	"credential" text DEFAULT '' NOT NULL,
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
CREATE TABLE "payroll_import_definitions" (
	"import_definition_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"import_kind" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"header_row" integer DEFAULT 1 NOT NULL,
	"sheet_name" text,
	"columns" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_employee_id" integer
);
--> statement-breakpoint
CREATE TABLE "payroll_imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"import_kind" text NOT NULL,
	"import_definition_id" integer,
	"definition_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"change_count" integer NOT NULL,
	"unchanged_count" integer NOT NULL,
	"bad_count" integer NOT NULL,
	"rows" "bytea" NOT NULL,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by_employee_id" integer,
	"applied_change_count" integer
);
--> statement-breakpoint
CREATE TABLE "payroll_invoice_policies" (
	"payroll_invoice_policy_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icd_corporation_id" integer,
	"division_id" integer,
	"include_gross_pay" boolean DEFAULT true NOT NULL,
	"employer_tax_rate_milli" integer DEFAULT 0 NOT NULL,
	"gross_pay_percent_milli" integer DEFAULT 0 NOT NULL,
	"fee_per_employee_cents" integer DEFAULT 0 NOT NULL,
	"fixed_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_method_id" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_invoices" (
	"payroll_invoice_id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"payroll_invoice_policy_id" integer,
	"policy_name" text NOT NULL,
	"invoice_date" date NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"payment_method_id" integer DEFAULT 1 NOT NULL,
	"gross_pay_cents" integer NOT NULL,
	"employee_count" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"adjustment_cents" integer DEFAULT 0 NOT NULL,
	"adjustment_comments" text,
	"hj_comments" text,
	"hub_comments" text,
	"owner_comments" text,
	"is_dismissed" boolean DEFAULT false NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by_employee_id" integer,
	"created_by_employee_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "division_leads_policies" (
	"division_id" integer PRIMARY KEY NOT NULL,
	"leads_policy_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_schemas" (
	"import_schema_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"division_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"columns" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_activity" (
	"lead_activity_id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"lead_status_id" integer,
	"declared_status_id" integer,
	"note" text,
	"latitude" double precision,
	"longitude" double precision,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_assignments" (
	"lead_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_assignments_lead_id_employee_id_role_pk" PRIMARY KEY("lead_id","employee_id","role")
);
--> statement-breakpoint
CREATE TABLE "lead_batch_jobs" (
	"lead_batch_job_id" serial PRIMARY KEY NOT NULL,
	"lead_batch_id" integer NOT NULL,
	"job_status" integer DEFAULT 1 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"located_count" integer DEFAULT 0 NOT NULL,
	"located_unsure_count" integer DEFAULT 0 NOT NULL,
	"no_results_count" integer DEFAULT 0 NOT NULL,
	"multiple_results_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_batches" (
	"lead_batch_id" serial PRIMARY KEY NOT NULL,
	"lead_group_id" integer NOT NULL,
	"import_schema_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_lead_status_id" integer,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_group_geographies" (
	"lead_group_geography_id" serial PRIMARY KEY NOT NULL,
	"lead_group_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"state_province" text NOT NULL,
	"city" text,
	"postal_code_prefix" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_groups" (
	"lead_group_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"division_id" integer NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_marker_versions" (
	"lead_group_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_office_teams" (
	"lead_office_team_id" serial PRIMARY KEY NOT NULL,
	"icd_office_id" integer NOT NULL,
	"name" text NOT NULL,
	"employee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_statuses" (
	"lead_status_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"hue" integer NOT NULL,
	"type_flags" integer NOT NULL,
	"is_conversion" boolean DEFAULT false NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"lead_id" serial PRIMARY KEY NOT NULL,
	"lead_group_id" integer NOT NULL,
	"lead_batch_id" integer,
	"batch_row_number" integer,
	"territory_id" integer,
	"lead_status_id" integer,
	"declared_status_id" integer,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"street_line1" text,
	"street_line2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"country_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_activity_at" timestamp with time zone,
	"created_by_employee_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads_policies" (
	"leads_policy_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"marker_style" integer DEFAULT 2 NOT NULL,
	"reps_can_create_leads" boolean DEFAULT true NOT NULL,
	"note_required_status_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"territory_id" serial PRIMARY KEY NOT NULL,
	"lead_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"polygon" jsonb NOT NULL,
	"min_latitude" double precision NOT NULL,
	"min_longitude" double precision NOT NULL,
	"max_latitude" double precision NOT NULL,
	"max_longitude" double precision NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_offices" (
	"territory_office_id" serial PRIMARY KEY NOT NULL,
	"territory_id" integer NOT NULL,
	"icd_office_id" integer,
	"lead_office_team_id" integer,
	"from_date" date NOT NULL,
	"to_date" date,
	"assigned_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulletin_deliveries" (
	"bulletin_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "bulletin_deliveries_bulletin_id_employee_id_pk" PRIMARY KEY("bulletin_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "bulletins" (
	"bulletin_id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience_type" text NOT NULL,
	"audience_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_delivered_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_notice_acknowledgements" (
	"legal_notice_content_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_notice_acknowledgements_legal_notice_content_id_employee_id_pk" PRIMARY KEY("legal_notice_content_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "legal_notice_contents" (
	"legal_notice_content_id" serial PRIMARY KEY NOT NULL,
	"legal_notice_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_notices" (
	"legal_notice_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"audience_type" text DEFAULT 'All' NOT NULL,
	"audience_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "division_onboarding_policies" (
	"division_id" integer PRIMARY KEY NOT NULL,
	"onboarding_policy_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_sgi_id_history" (
	"employee_sgi_id_history_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"sgi_id" text NOT NULL,
	"effective_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_employee_id" integer
);
--> statement-breakpoint
CREATE TABLE "onboarding_application_documents" (
	"onboarding_application_document_id" serial PRIMARY KEY NOT NULL,
	"onboarding_application_id" integer NOT NULL,
	"onboarding_document_id" integer,
	"file_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_application_statuses" (
	"onboarding_application_status_id" serial PRIMARY KEY NOT NULL,
	"onboarding_policy_id" integer NOT NULL,
	"name" text NOT NULL,
	"status_type" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_applications" (
	"onboarding_application_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"onboarding_policy_id" integer NOT NULL,
	"onboarding_application_status_id" integer NOT NULL,
	"stage" text DEFAULT 'Created' NOT NULL,
	"is_self_sign_up" boolean DEFAULT false NOT NULL,
	"is_paper_application" boolean DEFAULT false NOT NULL,
	"review_required" boolean DEFAULT false NOT NULL,
	"comments" text,
	"fed_w4_error" text,
	"prov_w4_error" text,
	"i9_error" text,
	"dd_error" text,
	"bank_country_id" integer,
	"bank_name" text,
	"routing_number" text,
	"institution_number" text,
	"account_number" text,
	"employment_record_id" integer,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_contact_emails" (
	"onboarding_contact_email_id" serial PRIMARY KEY NOT NULL,
	"onboarding_policy_id" integer NOT NULL,
	"email_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_document_groups" (
	"onboarding_document_group_id" serial PRIMARY KEY NOT NULL,
	"onboarding_policy_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"requirements_file_name" text,
	"requirements_content_type" text,
	"requirements_file" "bytea"
);
--> statement-breakpoint
CREATE TABLE "onboarding_documents" (
	"onboarding_document_id" serial PRIMARY KEY NOT NULL,
	"onboarding_policy_id" integer NOT NULL,
	"onboarding_document_group_id" integer,
	"name" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"blank_form_file_name" text,
	"blank_form_content_type" text,
	"blank_form" "bytea"
);
--> statement-breakpoint
CREATE TABLE "onboarding_field_values" (
	"onboarding_field_value_id" serial PRIMARY KEY NOT NULL,
	"onboarding_application_id" integer NOT NULL,
	"onboarding_reference_field_id" integer NOT NULL,
	"value" text NOT NULL,
	"is_encrypted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_policies" (
	"onboarding_policy_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enable_self_sign_up" boolean DEFAULT false NOT NULL,
	"employee_role_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_reference_fields" (
	"onboarding_reference_field_id" serial PRIMARY KEY NOT NULL,
	"onboarding_policy_id" integer NOT NULL,
	"name" text NOT NULL,
	"required_at_status" text,
	"is_sensitive" boolean DEFAULT false NOT NULL,
	"input_mask" text,
	"value_type" text DEFAULT 'Text' NOT NULL,
	"show_in_grid" boolean DEFAULT false NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_lines" (
	"product_line_id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_adjustments" (
	"product_order_adjustment_id" serial PRIMARY KEY NOT NULL,
	"product_order_id" integer NOT NULL,
	"partner_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"comments" text,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_commissions" (
	"product_order_commission_id" serial PRIMARY KEY NOT NULL,
	"product_order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"employee_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"piece_qty" integer NOT NULL,
	"piece_rate_cents" integer NOT NULL,
	"policy_id" integer,
	"policy_name" text,
	"commission_type_id" integer,
	"pay_period_id" integer,
	"payroll_entry_id" integer,
	"payroll_commission_piece_id" integer,
	"piece_number" integer,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_status_history" (
	"product_order_status_history_id" serial PRIMARY KEY NOT NULL,
	"product_order_id" integer NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer NOT NULL,
	"status_date" date NOT NULL,
	"comments" text,
	"changed_by_employee_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_statuses" (
	"product_order_status_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"status_kind" integer NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"product_order_id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_line_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"product_order_status_id" integer NOT NULL,
	"status_date" date NOT NULL,
	"install_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"rogers_category_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"retailer_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_manual_claims" (
	"work_order_manual_claim_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"sale_date" date NOT NULL,
	"customer_name" text,
	"comments" text,
	"status_id" integer DEFAULT 1 NOT NULL,
	"resolution_comments" text,
	"work_order_id" integer,
	"resolved_by_employee_id" integer,
	"resolved_at" timestamp with time zone,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"work_order_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"employee_id" integer,
	"retailer_id" integer,
	"lead_id" integer,
	"client_request_key" text,
	"sales_channel_id" integer DEFAULT 0 NOT NULL,
	"order_number" text,
	"sale_date" date NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"street_line1" text,
	"street_line2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"comments" text,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporation_modules" (
	"icd_corporation_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	CONSTRAINT "corporation_modules_icd_corporation_id_module_id_pk" PRIMARY KEY("icd_corporation_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "corporation_tax_info" (
	"icd_corporation_id" integer PRIMARY KEY NOT NULL,
	"federal_tax_number" text,
	"state_tax_number" text,
	"workers_comp_number" text,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"icd_corporation_id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"client_name" text NOT NULL,
	"corporation_status_id" integer DEFAULT 1 NOT NULL,
	"country_id" integer NOT NULL,
	"email_address" text,
	"phone_number" text,
	"logo" "bytea",
	"logo_content_type" text,
	"logo_file_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "division_rotations" (
	"division_rotation_id" serial PRIMARY KEY NOT NULL,
	"division_profile_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"division_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL
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
CREATE TABLE "organisation_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"icd_office_id" integer,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_status" integer DEFAULT 1 NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posted_payout_history" (
	"posted_payout_history_id" serial PRIMARY KEY NOT NULL,
	"posted_payout_id" integer NOT NULL,
	"action" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_employee_id" integer NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posted_payouts" (
	"posted_payout_id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"posted_date" date NOT NULL,
	"reference" text,
	"comments" text,
	"lines" jsonb NOT NULL,
	"created_by_employee_id" integer NOT NULL,
	"updated_by_employee_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rs_payout_transfers" (
	"rs_payout_transfer_id" serial PRIMARY KEY NOT NULL,
	"transfer_date" date NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"direction_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"counterparty" text NOT NULL,
	"reference" text,
	"comments" text,
	"created_by_employee_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_manual_show_hours" (
	"manual_show_hours_id" serial PRIMARY KEY NOT NULL,
	"manual_submission_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_manual_submissions" (
	"manual_submission_id" serial PRIMARY KEY NOT NULL,
	"payroll_entry_id" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"bonus_cents" integer DEFAULT 0 NOT NULL,
	"net_pay_addition_cents" integer DEFAULT 0 NOT NULL,
	"net_pay_deduction_cents" integer DEFAULT 0 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"submitted_by_id" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"amended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"processor_id" integer,
	"is_pending" boolean DEFAULT false NOT NULL,
	"is_working_on" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_id" integer,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wage_policies" (
	"wage_policy_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"state_province" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wage_policy_history" (
	"wage_policy_history_id" serial PRIMARY KEY NOT NULL,
	"wage_policy_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"minimum_wage_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_admins" (
	"payroll_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by_employee_id" integer,
	CONSTRAINT "payroll_admins_payroll_id_employee_id_pk" PRIMARY KEY("payroll_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "payroll_commission_pieces" (
	"payroll_commission_piece_id" serial PRIMARY KEY NOT NULL,
	"payroll_entry_id" integer NOT NULL,
	"piece_number" integer NOT NULL,
	"piece_qty" double precision NOT NULL,
	"piece_rate_cents" integer NOT NULL,
	"source_type" text,
	"source_id" integer,
	"program_id" integer,
	"store_id" integer
);
--> statement-breakpoint
CREATE TABLE "payroll_dismissals" (
	"payroll_dismissal_id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"kind" text NOT NULL,
	"employee_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_entries" (
	"payroll_entry_id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"pay_period_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"employment_record_id" integer,
	"inputs" jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"regular_hours" double precision DEFAULT 0 NOT NULL,
	"overtime_hours" double precision DEFAULT 0 NOT NULL,
	"double_time_hours" double precision DEFAULT 0 NOT NULL,
	"total_hours_worked" double precision DEFAULT 0 NOT NULL,
	"gross_pay_cents" integer DEFAULT 0 NOT NULL,
	"net_pay_addition_cents" integer DEFAULT 0 NOT NULL,
	"net_pay_deduction_cents" integer DEFAULT 0 NOT NULL,
	"is_processed_by_adp" boolean DEFAULT false NOT NULL,
	"fingerprint" text,
	"snapshot_number" integer DEFAULT 0 NOT NULL,
	"calculated_at" timestamp with time zone,
	"updated_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_entry_lines" (
	"payroll_entry_line_id" bigserial PRIMARY KEY NOT NULL,
	"payroll_entry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"caption" text NOT NULL,
	"rate" double precision,
	"units" double precision,
	"amount_cents" integer NOT NULL,
	"trace" jsonb,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_entry_snapshots" (
	"payroll_entry_snapshot_id" bigserial PRIMARY KEY NOT NULL,
	"payroll_entry_id" integer NOT NULL,
	"payroll_id" integer NOT NULL,
	"pay_period_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"snapshot_number" integer NOT NULL,
	"trigger" text NOT NULL,
	"actor_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inputs" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"gross_pay_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"pieces" jsonb,
	"sources" jsonb
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"payroll_id" serial PRIMARY KEY NOT NULL,
	"icd_corporation_id" integer NOT NULL,
	"payroll_type_id" integer DEFAULT 1 NOT NULL,
	"pay_frequency_id" integer DEFAULT 2 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"pay_date" date NOT NULL,
	"memo" text,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by_employee_id" integer,
	"is_disclosed" boolean DEFAULT false NOT NULL,
	"disclosed_at" timestamp with time zone,
	"is_pending" boolean DEFAULT false NOT NULL,
	"pending_at" timestamp with time zone,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_employee_id" integer,
	"calculated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_profile_images" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
	"inactive_date" date,
	"global_site_id" text,
	"unique_id" text,
	"adp_employee_id" text,
	"meridian_employee_id" text,
	"ssn" text,
	"birth_date" date,
	"gender_id" integer,
	"marital_status_id" integer,
	"withholding_type_id" integer,
	"street_line1" text,
	"street_line2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"country_id" integer,
	"cell_phone" text,
	"cell_phone_extension" text,
	"home_phone" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_record_divisions" (
	"employment_record_id" integer NOT NULL,
	"division_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_record_modules" (
	"employment_record_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	CONSTRAINT "employment_record_modules_employment_record_id_module_id_pk" PRIMARY KEY("employment_record_id","module_id")
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
	"commission_threshold" numeric(12, 2),
	"compensation_profile_id" integer,
	"default_hours" numeric(6, 2),
	"salary" numeric(12, 2),
	"garnishment" numeric(12, 2),
	"hire_date" date,
	"termination_date" date,
	"termination_reason_id" integer,
	"termination_reason_extra" text,
	"onboarding_application_id" integer,
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
	"country_id" integer NOT NULL,
	"tax_rate1" numeric(6, 3) DEFAULT '0' NOT NULL,
	"tax_rate2" numeric(6, 3) DEFAULT '0' NOT NULL,
	"tax_rate3" numeric(6, 3) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_job_documents" (
	"report_job_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"byte_length" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_jobs" (
	"report_job_id" serial PRIMARY KEY NOT NULL,
	"report_type" integer NOT NULL,
	"reports" jsonb NOT NULL,
	"report_output_format" integer NOT NULL,
	"date_range_type" text NOT NULL,
	"pay_frequency_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"icd_office_ids" jsonb,
	"icd_corporation_id" integer,
	"scope_office_ids" jsonb NOT NULL,
	"job_status" integer DEFAULT 1 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"file_name" text,
	"created_by_employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rogers_report_jobs" (
	"rogers_report_job_id" serial PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"query" jsonb NOT NULL,
	"job_status" integer DEFAULT 1 NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"created_by_employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_hosts" (
	"event_host_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"host_type_id" integer NOT NULL,
	"street_line1" text,
	"street_line2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"country_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rs_schedule_dates" (
	"rs_schedule_date_id" serial PRIMARY KEY NOT NULL,
	"rs_schedule_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"program_id" integer,
	"store_id" integer,
	"department_id" integer,
	"start_time" time,
	"end_time" time
);
--> statement-breakpoint
CREATE TABLE "rs_schedule_employees" (
	"rs_schedule_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "rs_schedule_employees_rs_schedule_id_employee_id_pk" PRIMARY KEY("rs_schedule_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "rs_schedule_sales" (
	"rs_schedule_sales_id" serial PRIMARY KEY NOT NULL,
	"rs_schedule_id" integer NOT NULL,
	"date" date,
	"program_id" integer,
	"store_id" integer,
	"sales_amount" numeric(12, 2) NOT NULL,
	"anonymous_hours" numeric(8, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rs_schedules" (
	"rs_schedule_id" serial PRIMARY KEY NOT NULL,
	"icd_office_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_event_activities" (
	"activity_id" serial PRIMARY KEY NOT NULL,
	"schedule_event_id" integer NOT NULL,
	"assignment_id" integer,
	"activity_type_id" integer NOT NULL,
	"employee_id" integer,
	"subject_employee_id" integer,
	"description" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_event_additional_hours" (
	"additional_hours_id" serial PRIMARY KEY NOT NULL,
	"schedule_event_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"comments" text
);
--> statement-breakpoint
CREATE TABLE "schedule_event_assignments" (
	"assignment_id" serial PRIMARY KEY NOT NULL,
	"time_slot_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"reason" text,
	"responded_at" timestamp with time zone,
	"assigned_by_employee_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_event_time_slots" (
	"time_slot_id" serial PRIMARY KEY NOT NULL,
	"schedule_event_id" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_events" (
	"schedule_event_id" serial PRIMARY KEY NOT NULL,
	"icd_office_id" integer NOT NULL,
	"event_host_id" integer,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"street_line1" text,
	"street_line2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"country_id" integer,
	"program_id" integer,
	"store_id" integer,
	"notes" text,
	"status" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_employee_id_pk" PRIMARY KEY("team_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"team_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icd_office_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"audit_log_id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"employee_id" integer,
	"icd_office_id" integer,
	"actor_employee_id" integer,
	"proxy_by_employee_id" integer,
	"time_entry_id" integer,
	"time_entry_modification_id" integer,
	"pay_period_id" integer,
	"late_adjustment_id" integer,
	"entry_date" date,
	"before" jsonb,
	"after" jsonb,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "late_adjustments" (
	"late_adjustment_id" serial PRIMARY KEY NOT NULL,
	"time_entry_id" integer NOT NULL,
	"parent_time_entry_id" integer,
	"action_id" integer NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"employee_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"pay_period_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"is_break" boolean DEFAULT false NOT NULL,
	"before" jsonb,
	"proposed" jsonb,
	"requested_by_employee_id" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by_employee_id" integer,
	"resolved_at" timestamp with time zone,
	"rejection_reason" text,
	"applied_pay_period_id" integer,
	"applied_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_periods" (
	"pay_period_id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"employment_record_id" integer,
	"pay_frequency_id" integer,
	"payroll_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_employee_id" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entry_modifications" (
	"time_entry_modification_id" serial PRIMARY KEY NOT NULL,
	"time_entry_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"modification_type_id" integer NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"modified_by_employee_id" integer NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_date" date NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"acknowledged_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"dismissed_by_employee_id" integer,
	"dismiss_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_programs" (
	"icd_office_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	CONSTRAINT "office_programs_icd_office_id_program_id_pk" PRIMARY KEY("icd_office_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"program_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"division_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"store_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_number" text,
	"program_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"host_type_id" integer DEFAULT 1 NOT NULL,
	"retailer_name" text,
	"street_line1" text,
	"city" text NOT NULL,
	"state_province" text NOT NULL,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"time_entry_id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"employee_id" integer NOT NULL,
	"time_entry_type_id" integer NOT NULL,
	"icd_office_id" integer NOT NULL,
	"program_id" integer,
	"store_id" integer,
	"comments" text,
	"is_real_time" boolean DEFAULT false NOT NULL,
	"time_zone_offset" integer DEFAULT 0 NOT NULL,
	"start_time" time,
	"end_time" time,
	"is_break" boolean DEFAULT false NOT NULL,
	"parent_time_entry_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"location_accuracy" double precision,
	"created_by_employee_id" integer,
	"updated_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "time_entry_types" (
	"time_entry_type_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
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
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_infos" ADD CONSTRAINT "bank_infos_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_policies" ADD CONSTRAINT "commission_policies_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_policies" ADD CONSTRAINT "commission_policies_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_play_commission_policies" ADD CONSTRAINT "multi_play_commission_policies_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_policies" ADD CONSTRAINT "payout_policies_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_policies" ADD CONSTRAINT "payout_policies_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_policies" ADD CONSTRAINT "payout_policies_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_commission_policies" ADD CONSTRAINT "product_commission_policies_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_commission_policies" ADD CONSTRAINT "product_commission_policies_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_corporations" ADD CONSTRAINT "auditor_corporations_auditor_id_auditors_auditor_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("auditor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_corporations" ADD CONSTRAINT "auditor_corporations_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_corporations" ADD CONSTRAINT "hub_corporations_hub_id_hubs_hub_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("hub_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_corporations" ADD CONSTRAINT "hub_corporations_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_state_province_id_state_provinces_state_province_id_fk" FOREIGN KEY ("state_province_id") REFERENCES "public"."state_provinces"("state_province_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_regional_consultant_id_regional_consultants_regional_consultant_id_fk" FOREIGN KEY ("regional_consultant_id") REFERENCES "public"."regional_consultants"("regional_consultant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoting_owner_corporations" ADD CONSTRAINT "promoting_owner_corporations_promoting_owner_id_promoting_owners_promoting_owner_id_fk" FOREIGN KEY ("promoting_owner_id") REFERENCES "public"."promoting_owners"("promoting_owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoting_owner_corporations" ADD CONSTRAINT "promoting_owner_corporations_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regional_consultants" ADD CONSTRAINT "regional_consultants_national_consultant_id_national_consultants_national_consultant_id_fk" FOREIGN KEY ("national_consultant_id") REFERENCES "public"."national_consultants"("national_consultant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_events" ADD CONSTRAINT "employment_events_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_events" ADD CONSTRAINT "employment_events_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_events" ADD CONSTRAINT "employment_events_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_definitions" ADD CONSTRAINT "payroll_import_definitions_updated_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("updated_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_imports" ADD CONSTRAINT "payroll_imports_import_definition_id_payroll_import_definitions_import_definition_id_fk" FOREIGN KEY ("import_definition_id") REFERENCES "public"."payroll_import_definitions"("import_definition_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_imports" ADD CONSTRAINT "payroll_imports_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_imports" ADD CONSTRAINT "payroll_imports_applied_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("applied_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoice_policies" ADD CONSTRAINT "payroll_invoice_policies_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoice_policies" ADD CONSTRAINT "payroll_invoice_policies_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoices" ADD CONSTRAINT "payroll_invoices_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoices" ADD CONSTRAINT "payroll_invoices_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoices" ADD CONSTRAINT "payroll_invoices_payroll_invoice_policy_id_payroll_invoice_policies_payroll_invoice_policy_id_fk" FOREIGN KEY ("payroll_invoice_policy_id") REFERENCES "public"."payroll_invoice_policies"("payroll_invoice_policy_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoices" ADD CONSTRAINT "payroll_invoices_posted_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("posted_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_invoices" ADD CONSTRAINT "payroll_invoices_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_leads_policies" ADD CONSTRAINT "division_leads_policies_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_leads_policies" ADD CONSTRAINT "division_leads_policies_leads_policy_id_leads_policies_leads_policy_id_fk" FOREIGN KEY ("leads_policy_id") REFERENCES "public"."leads_policies"("leads_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_lead_id_leads_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("lead_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_lead_status_id_lead_statuses_lead_status_id_fk" FOREIGN KEY ("lead_status_id") REFERENCES "public"."lead_statuses"("lead_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_declared_status_id_lead_statuses_lead_status_id_fk" FOREIGN KEY ("declared_status_id") REFERENCES "public"."lead_statuses"("lead_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_assignments" ADD CONSTRAINT "lead_assignments_lead_id_leads_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("lead_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_assignments" ADD CONSTRAINT "lead_assignments_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_batch_jobs" ADD CONSTRAINT "lead_batch_jobs_lead_batch_id_lead_batches_lead_batch_id_fk" FOREIGN KEY ("lead_batch_id") REFERENCES "public"."lead_batches"("lead_batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_batches" ADD CONSTRAINT "lead_batches_lead_group_id_lead_groups_lead_group_id_fk" FOREIGN KEY ("lead_group_id") REFERENCES "public"."lead_groups"("lead_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_batches" ADD CONSTRAINT "lead_batches_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_group_geographies" ADD CONSTRAINT "lead_group_geographies_lead_group_id_lead_groups_lead_group_id_fk" FOREIGN KEY ("lead_group_id") REFERENCES "public"."lead_groups"("lead_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_groups" ADD CONSTRAINT "lead_groups_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_groups" ADD CONSTRAINT "lead_groups_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_office_teams" ADD CONSTRAINT "lead_office_teams_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_statuses" ADD CONSTRAINT "lead_statuses_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lead_group_id_lead_groups_lead_group_id_fk" FOREIGN KEY ("lead_group_id") REFERENCES "public"."lead_groups"("lead_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lead_batch_id_lead_batches_lead_batch_id_fk" FOREIGN KEY ("lead_batch_id") REFERENCES "public"."lead_batches"("lead_batch_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_territory_id_territories_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("territory_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lead_status_id_lead_statuses_lead_status_id_fk" FOREIGN KEY ("lead_status_id") REFERENCES "public"."lead_statuses"("lead_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_declared_status_id_lead_statuses_lead_status_id_fk" FOREIGN KEY ("declared_status_id") REFERENCES "public"."lead_statuses"("lead_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_lead_group_id_lead_groups_lead_group_id_fk" FOREIGN KEY ("lead_group_id") REFERENCES "public"."lead_groups"("lead_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_offices" ADD CONSTRAINT "territory_offices_territory_id_territories_territory_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("territory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_offices" ADD CONSTRAINT "territory_offices_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_offices" ADD CONSTRAINT "territory_offices_lead_office_team_id_lead_office_teams_lead_office_team_id_fk" FOREIGN KEY ("lead_office_team_id") REFERENCES "public"."lead_office_teams"("lead_office_team_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_offices" ADD CONSTRAINT "territory_offices_assigned_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("assigned_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_deliveries" ADD CONSTRAINT "bulletin_deliveries_bulletin_id_bulletins_bulletin_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("bulletin_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_deliveries" ADD CONSTRAINT "bulletin_deliveries_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletins" ADD CONSTRAINT "bulletins_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notice_acknowledgements" ADD CONSTRAINT "legal_notice_acknowledgements_legal_notice_content_id_legal_notice_contents_legal_notice_content_id_fk" FOREIGN KEY ("legal_notice_content_id") REFERENCES "public"."legal_notice_contents"("legal_notice_content_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notice_acknowledgements" ADD CONSTRAINT "legal_notice_acknowledgements_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notice_contents" ADD CONSTRAINT "legal_notice_contents_legal_notice_id_legal_notices_legal_notice_id_fk" FOREIGN KEY ("legal_notice_id") REFERENCES "public"."legal_notices"("legal_notice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_onboarding_policies" ADD CONSTRAINT "division_onboarding_policies_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_onboarding_policies" ADD CONSTRAINT "division_onboarding_policies_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_sgi_id_history" ADD CONSTRAINT "employee_sgi_id_history_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_application_documents" ADD CONSTRAINT "onboarding_application_documents_onboarding_application_id_onboarding_applications_onboarding_application_id_fk" FOREIGN KEY ("onboarding_application_id") REFERENCES "public"."onboarding_applications"("onboarding_application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_application_documents" ADD CONSTRAINT "onboarding_application_documents_onboarding_document_id_onboarding_documents_onboarding_document_id_fk" FOREIGN KEY ("onboarding_document_id") REFERENCES "public"."onboarding_documents"("onboarding_document_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_application_statuses" ADD CONSTRAINT "onboarding_application_statuses_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_onboarding_application_status_id_onboarding_application_statuses_onboarding_application_status_id_fk" FOREIGN KEY ("onboarding_application_status_id") REFERENCES "public"."onboarding_application_statuses"("onboarding_application_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_contact_emails" ADD CONSTRAINT "onboarding_contact_emails_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_document_groups" ADD CONSTRAINT "onboarding_document_groups_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_documents" ADD CONSTRAINT "onboarding_documents_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_documents" ADD CONSTRAINT "onboarding_documents_onboarding_document_group_id_onboarding_document_groups_onboarding_document_group_id_fk" FOREIGN KEY ("onboarding_document_group_id") REFERENCES "public"."onboarding_document_groups"("onboarding_document_group_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_field_values" ADD CONSTRAINT "onboarding_field_values_onboarding_application_id_onboarding_applications_onboarding_application_id_fk" FOREIGN KEY ("onboarding_application_id") REFERENCES "public"."onboarding_applications"("onboarding_application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_field_values" ADD CONSTRAINT "onboarding_field_values_onboarding_reference_field_id_onboarding_reference_fields_onboarding_reference_field_id_fk" FOREIGN KEY ("onboarding_reference_field_id") REFERENCES "public"."onboarding_reference_fields"("onboarding_reference_field_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_policies" ADD CONSTRAINT "onboarding_policies_employee_role_id_roles_role_id_fk" FOREIGN KEY ("employee_role_id") REFERENCES "public"."roles"("role_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_reference_fields" ADD CONSTRAINT "onboarding_reference_fields_onboarding_policy_id_onboarding_policies_onboarding_policy_id_fk" FOREIGN KEY ("onboarding_policy_id") REFERENCES "public"."onboarding_policies"("onboarding_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lines" ADD CONSTRAINT "product_lines_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_adjustments" ADD CONSTRAINT "product_order_adjustments_product_order_id_product_orders_product_order_id_fk" FOREIGN KEY ("product_order_id") REFERENCES "public"."product_orders"("product_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_adjustments" ADD CONSTRAINT "product_order_adjustments_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_commissions" ADD CONSTRAINT "product_order_commissions_product_order_id_product_orders_product_order_id_fk" FOREIGN KEY ("product_order_id") REFERENCES "public"."product_orders"("product_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_commissions" ADD CONSTRAINT "product_order_commissions_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_status_history" ADD CONSTRAINT "product_order_status_history_product_order_id_product_orders_product_order_id_fk" FOREIGN KEY ("product_order_id") REFERENCES "public"."product_orders"("product_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_status_history" ADD CONSTRAINT "product_order_status_history_changed_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("changed_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_statuses" ADD CONSTRAINT "product_order_statuses_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_work_order_id_work_orders_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_product_line_id_product_lines_product_line_id_fk" FOREIGN KEY ("product_line_id") REFERENCES "public"."product_lines"("product_line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_product_order_status_id_product_order_statuses_product_order_status_id_fk" FOREIGN KEY ("product_order_status_id") REFERENCES "public"."product_order_statuses"("product_order_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_manual_claims" ADD CONSTRAINT "work_order_manual_claims_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_manual_claims" ADD CONSTRAINT "work_order_manual_claims_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_manual_claims" ADD CONSTRAINT "work_order_manual_claims_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_manual_claims" ADD CONSTRAINT "work_order_manual_claims_work_order_id_work_orders_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("work_order_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_manual_claims" ADD CONSTRAINT "work_order_manual_claims_resolved_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("resolved_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_manual_claims" ADD CONSTRAINT "work_order_manual_claims_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_retailer_id_retailers_retailer_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("retailer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_lead_id_leads_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("lead_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporation_modules" ADD CONSTRAINT "corporation_modules_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporation_tax_info" ADD CONSTRAINT "corporation_tax_info_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_profiles" ADD CONSTRAINT "division_profiles_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_rotations" ADD CONSTRAINT "division_rotations_division_profile_id_division_profiles_division_profile_id_fk" FOREIGN KEY ("division_profile_id") REFERENCES "public"."division_profiles"("division_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "icd_offices" ADD CONSTRAINT "icd_offices_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_divisions" ADD CONSTRAINT "office_divisions_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_divisions" ADD CONSTRAINT "office_divisions_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_jobs" ADD CONSTRAINT "organisation_jobs_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posted_payout_history" ADD CONSTRAINT "posted_payout_history_posted_payout_id_posted_payouts_posted_payout_id_fk" FOREIGN KEY ("posted_payout_id") REFERENCES "public"."posted_payouts"("posted_payout_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posted_payout_history" ADD CONSTRAINT "posted_payout_history_changed_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("changed_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posted_payouts" ADD CONSTRAINT "posted_payouts_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posted_payouts" ADD CONSTRAINT "posted_payouts_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posted_payouts" ADD CONSTRAINT "posted_payouts_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posted_payouts" ADD CONSTRAINT "posted_payouts_updated_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("updated_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_payout_transfers" ADD CONSTRAINT "rs_payout_transfers_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_payout_transfers" ADD CONSTRAINT "rs_payout_transfers_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_manual_show_hours" ADD CONSTRAINT "payroll_manual_show_hours_manual_submission_id_payroll_manual_submissions_manual_submission_id_fk" FOREIGN KEY ("manual_submission_id") REFERENCES "public"."payroll_manual_submissions"("manual_submission_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_manual_submissions" ADD CONSTRAINT "payroll_manual_submissions_payroll_entry_id_payroll_entries_payroll_entry_id_fk" FOREIGN KEY ("payroll_entry_id") REFERENCES "public"."payroll_entries"("payroll_entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_manual_submissions" ADD CONSTRAINT "payroll_manual_submissions_submitted_by_id_employees_employee_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_manual_submissions" ADD CONSTRAINT "payroll_manual_submissions_processor_id_employees_employee_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_manual_submissions" ADD CONSTRAINT "payroll_manual_submissions_completed_by_id_employees_employee_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wage_policy_history" ADD CONSTRAINT "wage_policy_history_wage_policy_id_wage_policies_wage_policy_id_fk" FOREIGN KEY ("wage_policy_id") REFERENCES "public"."wage_policies"("wage_policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_admins" ADD CONSTRAINT "payroll_admins_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_admins" ADD CONSTRAINT "payroll_admins_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_commission_pieces" ADD CONSTRAINT "payroll_commission_pieces_payroll_entry_id_payroll_entries_payroll_entry_id_fk" FOREIGN KEY ("payroll_entry_id") REFERENCES "public"."payroll_entries"("payroll_entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_dismissals" ADD CONSTRAINT "payroll_dismissals_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entries" ADD CONSTRAINT "payroll_entries_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entries" ADD CONSTRAINT "payroll_entries_pay_period_id_pay_periods_pay_period_id_fk" FOREIGN KEY ("pay_period_id") REFERENCES "public"."pay_periods"("pay_period_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entries" ADD CONSTRAINT "payroll_entries_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entries" ADD CONSTRAINT "payroll_entries_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entries" ADD CONSTRAINT "payroll_entries_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entry_lines" ADD CONSTRAINT "payroll_entry_lines_payroll_entry_id_payroll_entries_payroll_entry_id_fk" FOREIGN KEY ("payroll_entry_id") REFERENCES "public"."payroll_entries"("payroll_entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_entry_snapshots" ADD CONSTRAINT "payroll_entry_snapshots_payroll_entry_id_payroll_entries_payroll_entry_id_fk" FOREIGN KEY ("payroll_entry_id") REFERENCES "public"."payroll_entries"("payroll_entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_icd_corporation_id_corporations_icd_corporation_id_fk" FOREIGN KEY ("icd_corporation_id") REFERENCES "public"."corporations"("icd_corporation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profile_images" ADD CONSTRAINT "employee_profile_images_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_record_divisions" ADD CONSTRAINT "employment_record_divisions_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_record_modules" ADD CONSTRAINT "employment_record_modules_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_records" ADD CONSTRAINT "employment_records_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_records" ADD CONSTRAINT "employment_records_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_job_documents" ADD CONSTRAINT "report_job_documents_report_job_id_report_jobs_report_job_id_fk" FOREIGN KEY ("report_job_id") REFERENCES "public"."report_jobs"("report_job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rogers_report_jobs" ADD CONSTRAINT "rogers_report_jobs_created_by_employee_id_employees_employee_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_schedule_dates" ADD CONSTRAINT "rs_schedule_dates_rs_schedule_id_rs_schedules_rs_schedule_id_fk" FOREIGN KEY ("rs_schedule_id") REFERENCES "public"."rs_schedules"("rs_schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_schedule_dates" ADD CONSTRAINT "rs_schedule_dates_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_schedule_employees" ADD CONSTRAINT "rs_schedule_employees_rs_schedule_id_rs_schedules_rs_schedule_id_fk" FOREIGN KEY ("rs_schedule_id") REFERENCES "public"."rs_schedules"("rs_schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_schedule_employees" ADD CONSTRAINT "rs_schedule_employees_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_schedule_sales" ADD CONSTRAINT "rs_schedule_sales_rs_schedule_id_rs_schedules_rs_schedule_id_fk" FOREIGN KEY ("rs_schedule_id") REFERENCES "public"."rs_schedules"("rs_schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs_schedules" ADD CONSTRAINT "rs_schedules_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_event_activities" ADD CONSTRAINT "schedule_event_activities_schedule_event_id_schedule_events_schedule_event_id_fk" FOREIGN KEY ("schedule_event_id") REFERENCES "public"."schedule_events"("schedule_event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_event_additional_hours" ADD CONSTRAINT "schedule_event_additional_hours_schedule_event_id_schedule_events_schedule_event_id_fk" FOREIGN KEY ("schedule_event_id") REFERENCES "public"."schedule_events"("schedule_event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_event_additional_hours" ADD CONSTRAINT "schedule_event_additional_hours_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_event_assignments" ADD CONSTRAINT "schedule_event_assignments_time_slot_id_schedule_event_time_slots_time_slot_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."schedule_event_time_slots"("time_slot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_event_assignments" ADD CONSTRAINT "schedule_event_assignments_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_event_time_slots" ADD CONSTRAINT "schedule_event_time_slots_schedule_event_id_schedule_events_schedule_event_id_fk" FOREIGN KEY ("schedule_event_id") REFERENCES "public"."schedule_events"("schedule_event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_events" ADD CONSTRAINT "schedule_events_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_events" ADD CONSTRAINT "schedule_events_event_host_id_event_hosts_event_host_id_fk" FOREIGN KEY ("event_host_id") REFERENCES "public"."event_hosts"("event_host_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_adjustments" ADD CONSTRAINT "late_adjustments_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_adjustments" ADD CONSTRAINT "late_adjustments_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_adjustments" ADD CONSTRAINT "late_adjustments_pay_period_id_pay_periods_pay_period_id_fk" FOREIGN KEY ("pay_period_id") REFERENCES "public"."pay_periods"("pay_period_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_adjustments" ADD CONSTRAINT "late_adjustments_applied_pay_period_id_pay_periods_pay_period_id_fk" FOREIGN KEY ("applied_pay_period_id") REFERENCES "public"."pay_periods"("pay_period_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_employment_record_id_employment_records_employment_record_id_fk" FOREIGN KEY ("employment_record_id") REFERENCES "public"."employment_records"("employment_record_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_modifications" ADD CONSTRAINT "time_entry_modifications_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_modifications" ADD CONSTRAINT "time_entry_modifications_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_programs" ADD CONSTRAINT "office_programs_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_programs" ADD CONSTRAINT "office_programs_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_division_id_divisions_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_employee_id_employees_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("employee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_time_entry_type_id_time_entry_types_time_entry_type_id_fk" FOREIGN KEY ("time_entry_type_id") REFERENCES "public"."time_entry_types"("time_entry_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_icd_office_id_icd_offices_icd_office_id_fk" FOREIGN KEY ("icd_office_id") REFERENCES "public"."icd_offices"("icd_office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_store_id_stores_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("store_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_parent_time_entry_id_time_entries_time_entry_id_fk" FOREIGN KEY ("parent_time_entry_id") REFERENCES "public"."time_entries"("time_entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_audit_employee" ON "access_audit" USING btree ("employee_id","occurred_at");--> statement-breakpoint
CREATE INDEX "access_audit_actor" ON "access_audit" USING btree ("actor_employee_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_permissions_unique" ON "claim_permissions" USING btree ("claim_type","claim_value","permission_key");--> statement-breakpoint
CREATE INDEX "login_attempts_user" ON "login_attempts" USING btree ("purpose","user_name","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip" ON "login_attempts" USING btree ("purpose","ip","at");--> statement-breakpoint
CREATE INDEX "role_assignments_employee" ON "role_assignments" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "sessions_employee" ON "sessions" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_employee" ON "bank_accounts" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "commission_policies_corporation" ON "commission_policies" USING btree ("icd_corporation_id","program_id");--> statement-breakpoint
CREATE INDEX "multi_play_commission_policies_division" ON "multi_play_commission_policies" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "payout_policies_division" ON "payout_policies" USING btree ("division_id","icd_corporation_id");--> statement-breakpoint
CREATE INDEX "product_commission_policies_key" ON "product_commission_policies" USING btree ("program_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hub_corporations_hub_corp" ON "hub_corporations" USING btree ("hub_id","icd_corporation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hubs_name_key" ON "hubs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "employment_events_queue" ON "employment_events" USING btree ("event_type_id","processed_at");--> statement-breakpoint
CREATE INDEX "employment_events_employee" ON "employment_events" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employment_events_office" ON "employment_events" USING btree ("icd_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employment_events_awaiting_deposit" ON "employment_events" USING btree ("employee_id","bank_account_id") WHERE "employment_events"."event_type_id" = 4 and "employment_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_key_caller_uq" ON "idempotency_keys" USING btree ("key","employee_id","credential");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_import_definitions_name" ON "payroll_import_definitions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_import_definitions_default" ON "payroll_import_definitions" USING btree ("import_kind") WHERE "payroll_import_definitions"."is_default";--> statement-breakpoint
CREATE INDEX "payroll_imports_created" ON "payroll_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_invoice_policies_corporation" ON "payroll_invoice_policies" USING btree ("icd_corporation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_invoice_policies_division" ON "payroll_invoice_policies" USING btree ("division_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_invoices_payroll" ON "payroll_invoices" USING btree ("payroll_id");--> statement-breakpoint
CREATE INDEX "payroll_invoices_corporation" ON "payroll_invoices" USING btree ("icd_corporation_id","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_activity_once" ON "lead_activity" USING btree ("lead_id","employee_id","occurred_at");--> statement-breakpoint
CREATE INDEX "lead_activity_employee" ON "lead_activity" USING btree ("employee_id","occurred_at");--> statement-breakpoint
CREATE INDEX "lead_assignments_employee" ON "lead_assignments" USING btree ("employee_id","role");--> statement-breakpoint
CREATE INDEX "lead_batch_jobs_status" ON "lead_batch_jobs" USING btree ("job_status","lead_batch_job_id");--> statement-breakpoint
CREATE INDEX "lead_batch_jobs_batch" ON "lead_batch_jobs" USING btree ("lead_batch_id");--> statement-breakpoint
CREATE INDEX "lead_batches_group" ON "lead_batches" USING btree ("lead_group_id");--> statement-breakpoint
CREATE INDEX "lead_group_geographies_group" ON "lead_group_geographies" USING btree ("lead_group_id");--> statement-breakpoint
CREATE INDEX "lead_groups_corporation" ON "lead_groups" USING btree ("icd_corporation_id");--> statement-breakpoint
CREATE INDEX "lead_office_teams_office" ON "lead_office_teams" USING btree ("icd_office_id");--> statement-breakpoint
CREATE INDEX "lead_statuses_division" ON "lead_statuses" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "leads_group_position" ON "leads" USING btree ("lead_group_id","latitude","longitude");--> statement-breakpoint
CREATE INDEX "leads_territory" ON "leads" USING btree ("territory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_batch_row" ON "leads" USING btree ("lead_batch_id","batch_row_number") WHERE "leads"."lead_batch_id" is not null;--> statement-breakpoint
CREATE INDEX "territories_group" ON "territories" USING btree ("lead_group_id");--> statement-breakpoint
CREATE INDEX "territory_offices_territory" ON "territory_offices" USING btree ("territory_id","from_date");--> statement-breakpoint
CREATE INDEX "territory_offices_office" ON "territory_offices" USING btree ("icd_office_id");--> statement-breakpoint
CREATE INDEX "bulletin_deliveries_employee" ON "bulletin_deliveries" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "legal_notice_contents_notice" ON "legal_notice_contents" USING btree ("legal_notice_id");--> statement-breakpoint
CREATE INDEX "employee_sgi_id_history_employee" ON "employee_sgi_id_history" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "onboarding_application_documents_application" ON "onboarding_application_documents" USING btree ("onboarding_application_id");--> statement-breakpoint
CREATE INDEX "onboarding_application_statuses_policy" ON "onboarding_application_statuses" USING btree ("onboarding_policy_id");--> statement-breakpoint
CREATE INDEX "onboarding_applications_office" ON "onboarding_applications" USING btree ("icd_office_id");--> statement-breakpoint
CREATE INDEX "onboarding_applications_employee" ON "onboarding_applications" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "onboarding_contact_emails_policy" ON "onboarding_contact_emails" USING btree ("onboarding_policy_id");--> statement-breakpoint
CREATE INDEX "onboarding_document_groups_policy" ON "onboarding_document_groups" USING btree ("onboarding_policy_id");--> statement-breakpoint
CREATE INDEX "onboarding_documents_policy" ON "onboarding_documents" USING btree ("onboarding_policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_field_values_field" ON "onboarding_field_values" USING btree ("onboarding_application_id","onboarding_reference_field_id");--> statement-breakpoint
CREATE INDEX "onboarding_reference_fields_policy" ON "onboarding_reference_fields" USING btree ("onboarding_policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_lines_program_name" ON "product_lines" USING btree ("program_id","name");--> statement-breakpoint
CREATE INDEX "product_order_adjustments_order" ON "product_order_adjustments" USING btree ("product_order_id");--> statement-breakpoint
CREATE INDEX "product_order_commissions_order" ON "product_order_commissions" USING btree ("product_order_id");--> statement-breakpoint
CREATE INDEX "product_order_status_history_order" ON "product_order_status_history" USING btree ("product_order_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_order_statuses_division_name" ON "product_order_statuses" USING btree ("division_id","name");--> statement-breakpoint
CREATE INDEX "product_orders_work_order" ON "product_orders" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_division_name" ON "products" USING btree ("division_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_division_code" ON "products" USING btree ("division_id","code") WHERE "products"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "retailers_division_name" ON "retailers" USING btree ("division_id","name");--> statement-breakpoint
CREATE INDEX "work_order_manual_claims_office" ON "work_order_manual_claims" USING btree ("icd_office_id","status_id");--> statement-breakpoint
CREATE INDEX "work_orders_office_date" ON "work_orders" USING btree ("icd_office_id","sale_date");--> statement-breakpoint
CREATE INDEX "work_orders_employee_date" ON "work_orders" USING btree ("employee_id","sale_date");--> statement-breakpoint
CREATE INDEX "work_orders_lead" ON "work_orders" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_division_number" ON "work_orders" USING btree ("division_id","order_number") WHERE "work_orders"."order_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_lead_request" ON "work_orders" USING btree ("lead_id","client_request_key") WHERE "work_orders"."lead_id" is not null and "work_orders"."client_request_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "division_rotations_profile_start" ON "division_rotations" USING btree ("division_profile_id","start_date");--> statement-breakpoint
CREATE INDEX "organisation_jobs_status" ON "organisation_jobs" USING btree ("job_status","id");--> statement-breakpoint
CREATE INDEX "posted_payout_history_payout" ON "posted_payout_history" USING btree ("posted_payout_id");--> statement-breakpoint
CREATE INDEX "posted_payouts_date" ON "posted_payouts" USING btree ("posted_date");--> statement-breakpoint
CREATE INDEX "posted_payouts_corporation" ON "posted_payouts" USING btree ("icd_corporation_id","division_id");--> statement-breakpoint
CREATE INDEX "rs_payout_transfers_date" ON "rs_payout_transfers" USING btree ("transfer_date","icd_corporation_id");--> statement-breakpoint
CREATE INDEX "payroll_manual_show_hours_submission" ON "payroll_manual_show_hours" USING btree ("manual_submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_manual_submissions_entry" ON "payroll_manual_submissions" USING btree ("payroll_entry_id");--> statement-breakpoint
CREATE INDEX "payroll_manual_submissions_status" ON "payroll_manual_submissions" USING btree ("status_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wage_policies_jurisdiction" ON "wage_policies" USING btree ("country_id",coalesce("state_province", ''));--> statement-breakpoint
CREATE INDEX "wage_policy_history_policy" ON "wage_policy_history" USING btree ("wage_policy_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_commission_pieces_number" ON "payroll_commission_pieces" USING btree ("payroll_entry_id","piece_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_dismissals_one" ON "payroll_dismissals" USING btree ("payroll_id","kind","employee_id");--> statement-breakpoint
CREATE INDEX "payroll_dismissals_employee" ON "payroll_dismissals" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_entries_pay_period" ON "payroll_entries" USING btree ("pay_period_id");--> statement-breakpoint
CREATE INDEX "payroll_entries_payroll" ON "payroll_entries" USING btree ("payroll_id");--> statement-breakpoint
CREATE INDEX "payroll_entries_employee" ON "payroll_entries" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "payroll_entry_lines_entry" ON "payroll_entry_lines" USING btree ("payroll_entry_id","sort_index");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_entry_snapshots_number" ON "payroll_entry_snapshots" USING btree ("payroll_entry_id","snapshot_number");--> statement-breakpoint
CREATE INDEX "payroll_entry_snapshots_employee" ON "payroll_entry_snapshots" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_corporation_window" ON "payrolls" USING btree ("icd_corporation_id","pay_frequency_id","start_date");--> statement-breakpoint
CREATE INDEX "payrolls_dates" ON "payrolls" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_name_lower" ON "employees" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "employees_ssn" ON "employees" USING btree ("ssn");--> statement-breakpoint
CREATE INDEX "employees_email_lower" ON "employees" USING btree (lower("email_address"));--> statement-breakpoint
CREATE INDEX "employment_records_employee" ON "employment_records" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employment_records_office" ON "employment_records" USING btree ("icd_office_id");--> statement-breakpoint
CREATE INDEX "report_jobs_creator" ON "report_jobs" USING btree ("created_by_employee_id","report_job_id");--> statement-breakpoint
CREATE INDEX "report_jobs_status" ON "report_jobs" USING btree ("job_status","report_job_id");--> statement-breakpoint
CREATE INDEX "rogers_report_jobs_creator" ON "rogers_report_jobs" USING btree ("created_by_employee_id","created_at");--> statement-breakpoint
CREATE INDEX "rs_schedule_dates_schedule" ON "rs_schedule_dates" USING btree ("rs_schedule_id");--> statement-breakpoint
CREATE INDEX "rs_schedule_dates_employee_date" ON "rs_schedule_dates" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "rs_schedule_sales_schedule" ON "rs_schedule_sales" USING btree ("rs_schedule_id");--> statement-breakpoint
CREATE INDEX "rs_schedules_office_dates" ON "rs_schedules" USING btree ("icd_office_id","start_date");--> statement-breakpoint
CREATE INDEX "schedule_event_activities_event" ON "schedule_event_activities" USING btree ("schedule_event_id","activity_id");--> statement-breakpoint
CREATE INDEX "schedule_event_additional_hours_event" ON "schedule_event_additional_hours" USING btree ("schedule_event_id");--> statement-breakpoint
CREATE INDEX "schedule_event_assignments_slot" ON "schedule_event_assignments" USING btree ("time_slot_id");--> statement-breakpoint
CREATE INDEX "schedule_event_assignments_employee" ON "schedule_event_assignments" USING btree ("employee_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_event_assignments_active_uq" ON "schedule_event_assignments" USING btree ("time_slot_id","employee_id") WHERE "schedule_event_assignments"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "schedule_event_time_slots_event" ON "schedule_event_time_slots" USING btree ("schedule_event_id");--> statement-breakpoint
CREATE INDEX "schedule_events_office_date" ON "schedule_events" USING btree ("icd_office_id","date");--> statement-breakpoint
CREATE INDEX "schedule_events_host" ON "schedule_events" USING btree ("event_host_id");--> statement-breakpoint
CREATE INDEX "team_members_employee" ON "team_members" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_office_name_uq" ON "teams" USING btree ("icd_office_id",lower("name"));--> statement-breakpoint
CREATE INDEX "audit_logs_occurred" ON "audit_logs" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_logs_employee" ON "audit_logs" USING btree ("employee_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor" ON "audit_logs" USING btree ("actor_employee_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_logs_entry" ON "audit_logs" USING btree ("time_entry_id");--> statement-breakpoint
CREATE INDEX "audit_logs_modification" ON "audit_logs" USING btree ("time_entry_modification_id");--> statement-breakpoint
CREATE INDEX "late_adjustments_status" ON "late_adjustments" USING btree ("status_id","icd_office_id");--> statement-breakpoint
CREATE INDEX "late_adjustments_entry" ON "late_adjustments" USING btree ("time_entry_id");--> statement-breakpoint
CREATE INDEX "late_adjustments_employee" ON "late_adjustments" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "late_adjustments_one_pending" ON "late_adjustments" USING btree ("time_entry_id") WHERE "late_adjustments"."status_id" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_periods_employee_office_start" ON "pay_periods" USING btree ("employee_id","icd_office_id","start_date");--> statement-breakpoint
CREATE INDEX "pay_periods_office_dates" ON "pay_periods" USING btree ("icd_office_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "time_entry_modifications_employee" ON "time_entry_modifications" USING btree ("employee_id","status_id");--> statement-breakpoint
CREATE INDEX "time_entry_modifications_office" ON "time_entry_modifications" USING btree ("icd_office_id","status_id");--> statement-breakpoint
CREATE INDEX "time_entry_modifications_entry" ON "time_entry_modifications" USING btree ("time_entry_id");--> statement-breakpoint
CREATE INDEX "stores_office" ON "stores" USING btree ("icd_office_id");--> statement-breakpoint
CREATE INDEX "stores_program" ON "stores" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "time_entries_employee_date" ON "time_entries" USING btree ("employee_id","date") WHERE "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_office_date" ON "time_entries" USING btree ("icd_office_id","date");--> statement-breakpoint
CREATE INDEX "time_entries_parent" ON "time_entries" USING btree ("parent_time_entry_id");--> statement-breakpoint
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
--> statement-breakpoint
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
