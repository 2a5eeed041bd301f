// SPDX-License-Identifier: GPL-2.0
/*
 * Three-file merge case, the leaf unit: put_word() opens its own region
 * with the unchecked __uaccess_begin(); put_raw() writes in a region its
 * callers must open.  Neither has a caller in this unit.
 */

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_three.h"

int put_word(u32 __user *p, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int put_raw(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}
