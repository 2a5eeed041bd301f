// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-callers merge case, the helper unit: put_status() opens its region
 * with the unchecked __uaccess_begin() on a parameter and relies on its
 * callers, all in other units, for the access_ok().
 */

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_plain.h"

int put_status(u32 __user *p, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
