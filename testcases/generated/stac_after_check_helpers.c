// SPDX-License-Identifier: GPL-2.0
/*
 * Generated-program reproducer (tools/tests/fuzz.py, reduced by hand): a check helper with an
 * access_ok() of its own that also tests another check helper's result, called before an
 * unchecked __uaccess_begin(). The plugin crashed here, not on every run (a segmentation fault
 * while it asked the callers of ok_both() for the check). ok_both() validates the record on
 * its success edge, so put_both() is silent (docs/diagnostics.md, "Conventions of the
 * generated-program oracle": check helpers, check helpers of check helpers).
 */

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct g_rec {
	u32 a;
	u32 b;
};

struct g_args {
	struct g_rec __user *u1;
	u32 v;
};

static noinline bool ok_rec(struct g_rec __user *p)
{
	return access_ok(p, sizeof(*p));
}

static noinline int ok_both(struct g_rec __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (!ok_rec(p))
		return -EFAULT;
	return 0;
}

int put_both(const struct g_args *args);
int put_both(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;

	if (ok_both(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(args->v, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_both);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check reproducer: a check helper of check helpers");

/*
 * expected:
 *   (no warning)
 * printed (plugin at 6130473), on two runs of three:
 *   stac_after_check_helpers.c:59:1: internal compiler error: Segmentation fault
 */
