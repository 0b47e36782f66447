import { z } from 'zod';

/** Field schemas shared by many commands, so each rule is written once. */
export const sessionIdField = z.string().min(1).max(200);
export const organizationIdField = z.number().int().positive();
export const emailField = z.string().trim().min(1).max(320);
export const passwordField = z.string().min(1).max(1024);
export const otpCodeField = z.string().trim().min(1).max(64);
export const isoDateTimeField = z.string();
