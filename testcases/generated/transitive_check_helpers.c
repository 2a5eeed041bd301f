// SPDX-License-Identifier: GPL-2.0
/*
 * Validation carries through check helpers (docs/diagnostics.md, "Conventions of the
 * generated-program oracle": check helpers of check helpers). ok_ret() returns ok_rec()'s
 * result; ok_test() fails unless ok_rec() succeeded; ok_neg() passes on ok_test()'s negative
 * errors. All three validate the record on their success edge, so put_ret(), put_test() and
 * put_neg() are silent; the plugin found no check in them before 01b00cf (with the pointer a
 * parameter of the exported function, level 0 is silent anyway: here it is loaded from args).
 * The look-alikes: ok_pos() passes on the positive error of ok_one(), so "if (ret < 0)" is
 * the wrong test and the access in positive_passed_on() is unchecked (where the plugin agrees);
 * ok_pos_after_check() does the same after a check of its own, and "if (ret < 0)" is still
 * the wrong test (a positive error may be returned), so positive_after_check() is unchecked
 * too (the plugin agrees since 01b00cf).
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

static noinline bool ok_rec(struct g_rec __user *p)
{
	return access_ok(p, sizeof(*p));
}

static noinline bool ok_ret(struct g_rec __user *p)
{
	return ok_rec(p);
}

static noinline int ok_test(struct g_rec __user *p)
{
	if (!ok_rec(p))
		return -EFAULT;
	return 0;
}

static noinline int ok_neg(struct g_rec __user *p)
{
	int ret = ok_test(p);

	if (ret)
		return ret;
	return 0;
}

static noinline int ok_one(struct g_rec __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return 1;
	return 0;
}

static noinline int ok_pos(struct g_rec __user *p, u32 flag)
{
	if (flag)
		return ok_one(p);
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

static noinline int ok_pos_after_check(struct g_rec __user *p, u32 flag)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (flag)
		return ok_one(p);
	return 0;
}

int put_ret(const struct g_args *args);
int put_ret(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;
	u32 v = args->v;
	if (!ok_ret(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(v, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_ret);

int put_test(const struct g_args *args);
int put_test(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;
	u32 v = args->v;
	if (ok_test(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(v, &p->b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_test);

int put_neg(const struct g_args *args);
int put_neg(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;
	u32 v = args->v;
	int ret = ok_neg(p);

	if (ret < 0)
		return ret;
	__uaccess_begin();
	unsafe_put_user(v, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_neg);

int positive_passed_on(const struct g_args *args);
int positive_passed_on(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;
	u32 v = args->v;
	int ret = ok_pos(p, args->flag);

	if (ret < 0)
		return ret;
	__uaccess_begin();
	unsafe_put_user(v, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(positive_passed_on);

int positive_after_check(const struct g_args *args);
int positive_after_check(const struct g_args *args)
{
	struct g_rec __user *p = args->u1;
	u32 v = args->v;
	int ret = ok_pos_after_check(p, args->flag);

	if (ret < 0)
		return ret;
	__uaccess_begin();
	unsafe_put_user(v, &p->b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(positive_after_check);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check fuzz finding: check helpers of check helpers");

/*
 * expected:
 *   transitive_check_helpers.c:147:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 *   transitive_check_helpers.c:166:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 * printed (plugin at 6130473):
 *   transitive_check_helpers.c:109:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 *   transitive_check_helpers.c:128:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 *   transitive_check_helpers.c:147:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 *   transitive_check_helpers.c:92:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
 */
