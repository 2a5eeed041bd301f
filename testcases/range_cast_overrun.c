// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: u64 store through a pointer checked for a u32
 * check-description: The begin checks sizeof(u32) = 4 bytes at uaddr, but the cast makes the store 8 bytes wide, so bytes 0..7 are accessed and 4..7 lie beyond the checked range.
 * check-level: 0
 *
 * check-output-start
range_cast_overrun.c:23:9: warning: unsafe_put_user() accesses bytes 0..7 of 'uaddr', beyond the 4 bytes checked [-Wuaccess-range]
range_cast_overrun.c:21:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int put_wide(u32 __user *uaddr, u64 val);
int put_wide(u32 __user *uaddr, u64 val)
{
	if (!user_write_access_begin(uaddr, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(val, (u64 __user *)uaddr, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_wide);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: u64 store through a pointer checked for a u32");
