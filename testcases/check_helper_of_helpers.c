// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: check helpers that test other check helpers
 * check-description: ok_both() has an access_ok() of its own and also tests ok_one()'s result: it once crashed the compiler (the summary kept a pointer into an array that a later phase grew). ok_via() checks only through ok_one() and returns its error ("if (ret) return ret;"), ok_bool_via() returns ok_bool()'s own result, and ok_deep() is a helper of a helper of a helper: each is a check helper, so put_both(), put_via(), put_bool_via() and put_deep() are checked. put_wrong() tests ok_via() the wrong way round and is unchecked; ok_maybe() can return success without any check and proves nothing for put_maybe().
 * check-level: 1
 *
 * check-output-start
check_helper_of_helpers.c:148:16: warning: call to 'put_value' passes 'p' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
check_helper_of_helpers.c:82:9: note: accessed here
check_helper_of_helpers.c:146:14: note: this check of the pointer does not cover every path to the access
check_helper_of_helpers.c:159:16: warning: call to 'put_value' passes 'p' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
check_helper_of_helpers.c:82:9: note: accessed here
check_helper_of_helpers.c:159:16: note: no check of 'p' (= a->out) was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_out {
	u32 __user *out;
	u32 v;
	bool fast;
};

static noinline int ok_one(u32 __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

static noinline bool ok_bool(u32 __user *p)
{
	return access_ok(p, sizeof(*p));
}

static noinline int ok_both(u32 __user *p)
{
	if (ok_one(p))
		return -EFAULT;
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

static noinline int ok_via(u32 __user *p)
{
	int ret = ok_one(p);

	if (ret)
		return ret;
	return 0;
}

static noinline bool ok_bool_via(u32 __user *p)
{
	return ok_bool(p);
}

static noinline int ok_deep(u32 __user *p)
{
	int ret = ok_via(p);

	if (ret < 0)
		return ret;
	return 0;
}

static noinline int ok_maybe(u32 __user *p, bool fast)
{
	if (fast)
		return 0;
	return ok_one(p);
}

static int put_value(u32 __user *p, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int put_both(struct uc_out *a);
int put_both(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (ok_both(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(a->v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_both);

int put_via(struct uc_out *a);
int put_via(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (ok_via(p))
		return -EFAULT;
	return put_value(p, a->v);
}
EXPORT_SYMBOL_GPL(put_via);

int put_bool_via(struct uc_out *a);
int put_bool_via(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (!ok_bool_via(p))
		return -EFAULT;
	return put_value(p, a->v);
}
EXPORT_SYMBOL_GPL(put_bool_via);

int put_deep(struct uc_out *a);
int put_deep(struct uc_out *a)
{
	u32 __user *p = a->out;
	int ret = ok_deep(p);

	if (ret < 0)
		return ret;
	return put_value(p, a->v);
}
EXPORT_SYMBOL_GPL(put_deep);

int put_wrong(struct uc_out *a);
int put_wrong(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (!ok_via(p))
		return -EFAULT;
	return put_value(p, a->v);
}
EXPORT_SYMBOL_GPL(put_wrong);

int put_maybe(struct uc_out *a);
int put_maybe(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (ok_maybe(p, a->fast))
		return -EFAULT;
	return put_value(p, a->v);
}
EXPORT_SYMBOL_GPL(put_maybe);

MODULE_LICENSE("GPL");
