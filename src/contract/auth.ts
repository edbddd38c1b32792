// Sign-in, tokens, identity and the password policy (spec 000 §6–§8, spec 001 §3, §5).
import { z } from 'zod';
import { Instant, Int32 } from './common';

export const PWA_CLIENT_ID = 'apex-pwa';

export const TokenRequest = z.object({
  clientId: z.string().min(1).max(200),
  clientSecret: z.string().max(500).optional().nullable(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const LoginForm = z.object({
  UserName: z.string().trim().min(1, 'Enter your user name').max(100),
  Password: z.string().min(1, 'Enter your password').max(200),
  returnUrl: z.string().max(2000).optional(),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const Identity = z.object({
  EmployeeID: Int32,
  UserName: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  EmailAddress: z.string().nullable(),
  IsProxy: z.boolean(),
  ProxyEmployeeID: Int32.nullable(),
  SessionExpiresAt: Instant,
});
export type Identity = z.infer<typeof Identity>;

export const PasswordPolicy = z.object({
  CheckPasswordContainName: z.boolean(),
  MinValToCheckName: Int32,
  MaxLength: Int32.nullable(),
  RequiredLength: Int32,
  RequireDigit: z.boolean(),
  RequireLowercase: z.boolean(),
  RequireUppercase: z.boolean(),
  RequireNonLetterOrDigit: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  CheckPasswordContainName: true,
  MinValToCheckName: 2,
  MaxLength: 128,
  RequiredLength: 10,
  RequireDigit: true,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireNonLetterOrDigit: true,
};

/**
 * The password rules of spec 001 §5, with their exact messages. Shared by the sign-up/reset forms
 * and the server, which enforces them on every password it stores.
 */
export function passwordProblems(
  policy: PasswordPolicy,
  password: string,
  names: { FirstName?: string | null; LastName?: string | null } = {},
): string[] {
  return passwordChecks(policy, password, names)
    .filter((c) => !c.ok)
    .map((c) => c.message);
}

function passwordChecks(
  policy: PasswordPolicy,
  password: string,
  names: { FirstName?: string | null; LastName?: string | null },
): { ok: boolean; message: string }[] {
  const checks: { ok: boolean; message: string }[] = [];
  checks.push({
    ok: password.length >= policy.RequiredLength,
    message: `Password must be at least ${policy.RequiredLength} characters`,
  });
  if (policy.CheckPasswordContainName) {
    const lower = password.toLowerCase();
    const hit = [names.FirstName, names.LastName].some(
      (n) => !!n && n.length > policy.MinValToCheckName && lower.includes(n.toLowerCase()),
    );
    checks.push({ ok: !hit, message: 'Password must not contain first or last name' });
  }
  if (policy.MaxLength) {
    checks.push({
      ok: password.length <= policy.MaxLength,
      message: `Passwords must be atmost ${policy.MaxLength} characters`,
    });
  }
  if (policy.RequireLowercase)
    checks.push({
      ok: /[a-z]/.test(password),
      message: "Password must have at least 1 lower case letter ('a'-'z')",
    });
  if (policy.RequireUppercase)
    checks.push({
      ok: /[A-Z]/.test(password),
      message: "Password must have at least 1 upper case letter ('A'-'Z')",
    });
  if (policy.RequireDigit)
    checks.push({ ok: /\d/.test(password), message: 'Password must have at least 1 digit' });
  if (policy.RequireNonLetterOrDigit)
    checks.push({
      ok: /[^a-zA-Z0-9]/.test(password),
      message: 'Password must have at least 1 special character',
    });
  return checks;
}

/** Strength: the share of rules satisfied; with no rules, length / 12 capped at 1 (spec 001 §5, §9). */
export function passwordStrength(
  policy: PasswordPolicy | null,
  password: string,
  names: { FirstName?: string | null; LastName?: string | null } = {},
): number {
  const checks = policy ? passwordChecks(policy, password, names) : [];
  if (checks.length === 0) return Math.min(password.length / 12, 1);
  return checks.filter((c) => c.ok).length / checks.length;
}

export const ResetPasswordQuery = z.object({
  userName: z.string().trim().min(1).max(100),
  emailAddress: z.string().trim().email().max(200),
});

export const ResetPasswordComplete = z
  .object({
    token: z.string().min(20).max(200),
    Password: z.string().min(1).max(500),
    ConfirmPassword: z.string().min(1).max(500),
  })
  .refine((v) => v.Password === v.ConfirmPassword, {
    message: 'The passwords do not match',
    path: ['ConfirmPassword'],
  });

export const FeatureOption = z.enum(['optional', 'enabled', 'disabled', 'optIn', 'optOut', 'noPref']);
export type FeatureOption = z.infer<typeof FeatureOption>;
export const FeaturePreference = z.object({
  Feature: z.string(),
  Option: FeatureOption,
  Description: z.string().optional(),
});
export type FeaturePreference = z.infer<typeof FeaturePreference>;

export const BetaOpt = z.object({ betaOpt: z.boolean() });
