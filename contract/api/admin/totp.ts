import { z } from "zod";
import { textSchema } from "../common.ts";
import { StaffSchema } from "./staff.ts";

/**
 * Two-factor for the staff (docs/decisions/020): TOTP of RFC 6238 (SHA-1, 6 digits, 30 seconds), enrolled
 * from "Minha conta" with a QR code, with 10 recovery codes shown once; the owner may make it mandatory.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery and enrolment codes: 16 characters of an alphabet read without mistakes, typed as `xxxx-xxxx-xxxx-xxxx`. */
export const READABLE_CODE_LENGTH = 16;

/** A code typed by the member: the app's 6 digits, or a recovery code (`xxxxx-xxxxx`). */
const code = textSchema().min(1).max(40);

/** What the member's authenticator app needs: the QR (SVG), its otpauth:// address and the secret for typing by hand. */
export const TotpEnrolmentSchema = z.object({ otpauth_uri: z.string(), secret: z.string(), qr_svg: z.string() }).meta({ id: "TotpEnrolment" });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const TotpCodeBodySchema = z.object({ codigo: code });

/**
 * Enrolment needs more than the password (docs/decisions/025): a one-time enrolment code, from the
 * link e-mailed to the member or handed over by the owner (or printed by `staff:create`).
 */
const invite = textSchema().min(1).max(200);
export const TotpStartBodySchema = z.object({ convite: invite });
export const TotpConfirmBodySchema = z.object({ codigo: code, convite: invite });
/** The enrolment code the owner hands a member, shown this once. */
export const EnrolmentCodeSchema = z.object({ message: z.string(), codigo: z.string(), expires_at: z.string() }).meta({ id: "EnrolmentCode" });

/** Turning two-factor off takes the current password and a code. */
export const TotpDisableBodySchema = z.object({ current_password: z.string().min(1).max(200), codigo: code });

/** New recovery codes, shown this once (only their hashes are kept). */
export const RecoveryCodesSchema = z
  .object({ message: z.string(), recovery_codes: z.array(z.string()), data: StaffSchema })
  .meta({ id: "RecoveryCodes" });

/** The shop's settings the owner changes in the back office. */
export const ShopSettingsSchema = z.object({ totp_obrigatorio: z.boolean() }).meta({ id: "ShopSettings" });
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;
export const ShopSettingsBodySchema = z.object({ totp_obrigatorio: z.boolean() });
