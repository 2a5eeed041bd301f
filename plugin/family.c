// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries: what the __get_user() family asks beyond coverage.
 *
 * __get_user(), __put_user(), __copy_{from,to}_user() and their kin check
 * nothing, and on x86 and powerpc each opens and closes its own region
 * around the access (docs/design.md, "The __get_user() family").  So
 * they need no region, but one called inside an open user-access region
 * closes it: what follows runs outside the region.
 *
 * Most of them are validated by design one or more calls away, in code
 * one unit cannot see, so an unvalidated path is an error (level 0) only
 * where the unit shows where the pointer came from and that nobody could
 * have checked it: the raw argument of a syscall or an ioctl, a value
 * made from an integer (u64_to_user_ptr(args->ptr), a user stack pointer,
 * a pointer read from user memory).  Any other pointer with no check in
 * sight (read from a kernel structure, returned by a call) is unproven,
 * said at level 2.
 */
#include "uaccess_check.h"
#include "verdict.h"

/*
 * A family member inside an open region (of this function: a region of
 * the caller's is the caller's question) ends it on x86 and powerpc.
 */
void ua_family_region(struct ua_access *acc)
{
	uint64_t open = acc->asms[0].region & RS_OPEN_MASK;
	struct ua_finding f;

	if (!open)
		return;
	memset(&f, 0, sizeof(f));
	f.cls = UA_REGION;
	f.fn = acc->fn;
	f.prim = ua_region_opener(acc->fn, open);
	ua_verdict_add_finding(acc->region, &f);
}

/* A value user space chose, which nobody could have checked before it. */
static bool user_chosen(const struct ua_finding *f)
{
	tree root = f->ref.root;

	switch (f->ref.kind) {
	case ROOT_PARM:
		return ua_is_syscall(f->fn) || ua_is_ioctl_arg(f->fn, root);
	case ROOT_LOAD:
		return INTEGRAL_TYPE_P(TREE_TYPE(root));
	case ROOT_VALUE:
		if (TREE_CODE(root) != SSA_NAME ||
		    !INTEGRAL_TYPE_P(TREE_TYPE(root)))
			return false;
		/* an integer a user access read (an asm output), not a call's */
		return gimple_code(SSA_NAME_DEF_STMT(root)) == GIMPLE_ASM;
	default:
		return false;
	}
}

/*
 * An unchecked path whose pointer the unit cannot show to be the user's
 * own value is a question for code the unit does not hold: unproven.
 */
void ua_family_levels(struct ua_verdict *v)
{
	enum ua_class worst = UA_PROVEN;
	bool softened = false;
	unsigned i;

	for (i = 0; i < v->nfindings; i++) {
		struct ua_finding *f = &v->finding[i];

		if (f->cls == UA_UNCHECKED && !f->kept && !user_chosen(f)) {
			f->cls = UA_UNPROVEN;
			f->unseen_source = true;
			softened = true;
		}
		worst = MAX(worst, f->cls);
	}
	if (softened && v->cls == UA_UNCHECKED)
		v->cls = MAX(worst, UA_UNPROVEN);
}
