/**
 * The face of auth: Accounts, sessions, passwords, tokens and account mail.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { authRoutes } from './auth.routes';
export { createUser, mailTextsFor, recipientLanguage, resolveSession, sendAccountExistsMail, sendResetMail, sendSetPasswordMail, sendVerificationMail, startSession, type ClientInfo, type SessionUser } from './auth.service';
export { consumeGuestClaim, deleteUserSessions, emailTaken, findCredentialsByEmail, findGuestContact, findPublicUserById, insertGuestClaim, insertUser, publicUserColumns, setResetToken, setStripeCustomer, setVerificationToken, toPublicUser, updatePasswordHash } from './auth.repository';
export { hashPassword, verifyPassword } from './passwords';
export { hashToken, newToken } from '../../crypto/tokens';
