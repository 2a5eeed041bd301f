// SPDX-License-Identifier: GPL-2.0
/*
 * Check helpers in a call cycle (docs/diagnostics.md, "Conventions of the generated-program
 * oracle": call cycles). cyc_b() only returns cyc_a()'s result, and cyc_a() checks before any
 * success, so both are check helpers and put_cyc() is silent. gf_a() succeeds either with
 * access_ok()'s own result or with gf_b()'s, which is gf_a()'s again one level deeper: every
 * success comes from an innermost gf_a() that returned access_ok(), so both validate the record
 * and put_gf() is silent (the greatest fixpoint). The plugin finds no check in put_gf().
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

static int cyc_b(struct g_rec __user *p, int depth, u32 flag);

static noinline int cyc_a(struct g_rec __user *p, int depth, u32 flag)
{
	if (depth > 2)
		return -EINVAL;
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (flag)
		return cyc_b(p, depth + 1, flag);
	return 0;
}

static noinline int cyc_b(struct g_rec __user *p, int depth, u32 flag)
{
	if (depth > 2)
		return -EINVAL;
	return cyc_a(p, depth + 1, flag);
}

static bool gf_b(struct g_rec __user *p, int depth, u32 flag);

static noinline bool gf_a(struct g_rec __user *p, int depth, u32 flag)
{
	if (depth > 2)
		return false;
	if (flag)
		return gf_b(p, depth + 1, flag);
	return access_ok(p, sizeof(*p));
}

static noinline bool gf_b(struct g_rec __user *p, int depth, u32 flag)
{
	if (depth > 2)
		return false;
	return gf_a(p, depth + 1, flag);
}

int put_cyc(const struct g_args *args);
int put_cyc(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;

	if (cyc_b(p, 0, args->flag))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(args->v, &p->b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_cyc);

int put_gf(const struct g_args *args);
int put_gf(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;

	if (!gf_a(p, 0, args->flag))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(args->v, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_gf);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check fuzz finding: check helpers in a call cycle");

/*
 * expected:
 *   (no warning)
 * printed (plugin at 01b00cf):
 *   cycle_check_helpers.c:91:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 */
