// SPDX-License-Identifier: GPL-2.0
/*
 * Three-file merge case, the middle unit: put_pair() passes its parameter
 * on to put_word() in leaf.c and writes the second word itself, relying
 * on its own callers (in top.c) for the access_ok().
 */

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_three.h"

int put_pair(u32 __user *p)
{
	int ret = put_word(p, 1);

	if (ret)
		return ret;
	__uaccess_begin();
	unsafe_put_user(2, p + 1, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
