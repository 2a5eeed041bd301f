// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unchecked begin whose accesses are in a helper
 * check-description: fill() opens its region with __uaccess_begin() and leaves the store to put_word(); the access_ok() is one call up, in fill_checked(). The distance counts from the check to the begin (1 call), not to the helper, and is reported at the store; fill_raw() has no check at all in the unit.
 * check-level: 1
 *
 * check-output-start
distance_unchecked_begin_helper.c:26:9: warning: __uaccess_begin() opens a region whose access_ok() is in fill_checked(), 1 call up [-Wuaccess-distance]
distance_unchecked_begin_helper.c:45:14: note: checked here: access_ok(p, sizeof(*p))
distance_unchecked_begin_helper.c:47:16: note: call 1 of 1: fill_checked() calls fill()
distance_unchecked_begin_helper.c:36:9: note: region opened here
distance_unchecked_begin_helper.c:26:9: note: distance: 2 calls, 19 source lines from the check to this access
distance_unchecked_begin_helper.c:26:9: note: the check covers the bytes accessed here
distance_unchecked_begin_helper.c:53:9: warning: __uaccess_begin() opens a region on 'p' with no access_ok() of it in this unit: it relies on the callers of 'fill_raw', none of which is in this unit [-Wuaccess-distance]
distance_unchecked_begin_helper.c:64:9: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

static noinline int put_word(u32 __user *up, u32 v)
{
	unsafe_put_user(v, up, efault);
	return 0;
efault:
	return -EFAULT;
}

static noinline int fill(u32 __user *p, u32 v)
{
	int err;

	__uaccess_begin();
	err = put_word(p, v);
	user_access_end();
	return err;
}

int fill_checked(u32 __user *p, u32 v);
int fill_checked(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return fill(p, v);
}
EXPORT_SYMBOL_GPL(fill_checked);

static noinline int put_raw(u32 __user *up, u32 v)
{
	unsafe_put_user(v, up, efault);
	return 0;
efault:
	return -EFAULT;
}

int fill_raw(u32 __user *p, u32 v);
int fill_raw(u32 __user *p, u32 v)
{
	int err;

	__uaccess_begin();
	err = put_raw(p, v);
	user_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(fill_raw);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unchecked begin whose accesses are in a helper");
