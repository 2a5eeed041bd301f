// SPDX-License-Identifier: GPL-2.0
/*
 * Two-file merge case, the helper unit: put_result() opens its region with
 * the unchecked __uaccess_begin() on a parameter.  No caller is in this
 * unit, so the plugin alone can only say that the access_ok() is not here;
 * the merge finds it in caller.c (and an unchecked caller there too).
 */

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_two.h"

int put_result(u32 __user *p, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
