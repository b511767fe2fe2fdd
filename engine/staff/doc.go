// Package staff is who works the operators' console: staff accounts (not
// members), their login with a second factor (TOTP) and sessions, what each
// role may do on which tenant (casbin, config/console_*), the guard of the
// console's routes, and the audit log of staff actions. It sits below the
// areas, so each area keeps its own console handlers: they learn the staff
// member of the request (CurrentStaff) and write their audit rows in their
// own transaction (Record, Act) here, while package admin holds only the
// console's route table.
package staff
