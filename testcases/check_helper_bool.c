// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: bool check helper and a negative-error check helper
 * check-description: ok_bool() returns access_ok()'s own result and ok_int() fails only with -EFAULT, so "if (!ok_bool(p))" and "if (ret < 0)" both leave only checked paths to the unchecked begins of put_bool() and put_int(); put_wrong() tests ok_int() the wrong way round ("if (!ok_int(p))" returns on success) and is unchecked.
 * check-level: 0
 *
 * check-output-start
check_helper_bool.c:78:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
check_helper_bool.c:75:14: note: this check of the pointer does not cover every path to the access
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_out {
	u32 __user *out;
	u32 v;
};

static bool ok_bool(u32 __user *p)
{
	return access_ok(p, sizeof(*p));
}

static noinline int ok_int(u32 __user *p)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return 0;
}

int put_bool(struct uc_out *a);
int put_bool(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (!ok_bool(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(a->v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_bool);

int put_int(struct uc_out *a);
int put_int(struct uc_out *a)
{
	u32 __user *p = a->out;
	int ret = ok_int(p);

	if (ret < 0)
		return ret;
	__uaccess_begin();
	unsafe_put_user(a->v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_int);

int put_wrong(struct uc_out *a);
int put_wrong(struct uc_out *a)
{
	u32 __user *p = a->out;

	if (!ok_int(p))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(a->v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_wrong);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: bool check helper and a negative-error check helper");
