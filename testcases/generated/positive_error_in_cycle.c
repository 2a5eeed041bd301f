// SPDX-License-Identifier: GPL-2.0
/*
 * A positive error passed on through a call cycle (docs/diagnostics.md, "Conventions of the
 * generated-program oracle": check helpers, check helpers of check helpers, call cycles).
 * cyc_q() checks the record, then returns cyc_p()'s result, and cyc_p() fails with 1 when the
 * recursion is too deep: cyc_q() may fail with a positive value, but only after its
 * access_ok(), so whatever "if (ret < 0)" lets through was checked and put_cyc_pos() is
 * right. The oracle first took any positive error for a wrong test (a stricter rule than the
 * kernel's contract); it now asks whether the positive error comes after the check.
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
	u32 flag;
};

static int cyc_q(struct g_rec __user *p, int depth, u32 flag);

static noinline int cyc_p(struct g_rec __user *p, int depth, u32 flag)
{
	if (depth > 2)
		return 1;
	if (flag)
		return cyc_q(p, depth + 1, flag);
	return 0;
}

static noinline int cyc_q(struct g_rec __user *p, int depth, u32 flag)
{
	if (depth > 2)
		return -EFAULT;
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return cyc_p(p, depth + 1, flag);
}

int put_cyc_pos(const struct g_args *args);
int put_cyc_pos(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;
	int ret = cyc_q(p, 0, args->flag);

	if (ret < 0)
		return ret;
	__uaccess_begin();
	unsafe_put_user(args->v, &p->b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_cyc_pos);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check fuzz finding: a positive error passed on in a call cycle");

/*
 * expected:
 *   (no warning)
 * printed (plugin at 01b00cf):
 *   (no warning)
 */
