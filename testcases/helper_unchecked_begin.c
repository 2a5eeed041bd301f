// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: helper called inside an unchecked __uaccess_begin() region, with facts
 * check-description: set_label() opens its region with __uaccess_begin() and no access_ok() of ustatus, and calls put_status(), which stores through it; both pointers come from set_label_from(), so the finding is at that call, pointing at the store. The strncpy_from_user() of the other pointer is a call the facts record: writing that record must not hide the warning (the same output with facts=DIR).
 * check-level: 0
 *
 * check-output-start
helper_unchecked_begin.c:47:16: warning: call to 'set_label' passes 'args->status' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
helper_unchecked_begin.c:26:9: note: accessed here
helper_unchecked_begin.c:47:16: note: no check of 'args->status' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct label_args {
	const char __user *name;
	u32 __user *status;
};

static __always_inline int put_status(u32 __user *ustatus, u32 value)
{
	unsafe_put_user(value, ustatus, efault);
	return 0;
efault:
	return -EFAULT;
}

static noinline int set_label(const char __user *uname, u32 __user *ustatus,
			      char *label, long len)
{
	long n = strncpy_from_user(label, uname, len);
	int err;

	__uaccess_begin();
	err = put_status(ustatus, n < 0);
	user_access_end();
	return n < 0 ? n : err;
}

int set_label_from(const struct label_args *args, char *label, long len);
int set_label_from(const struct label_args *args, char *label, long len)
{
	return set_label(args->name, args->status, label, len);
}
EXPORT_SYMBOL_GPL(set_label_from);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: helper called inside an unchecked region, with facts");
