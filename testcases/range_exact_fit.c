// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: two u32 stores in exactly the checked 8 bytes
 * check-description: The begin checks 2 * sizeof(u32) = 8 bytes and the stores cover bytes 0..3 and 4..7, an exact fit, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int put_halves(u32 __user *uaddr, u64 val);
int put_halves(u32 __user *uaddr, u64 val)
{
	if (!user_write_access_begin(uaddr, 2 * sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(lower_32_bits(val), uaddr, efault);
	unsafe_put_user(upper_32_bits(val), uaddr + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_halves);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: two u32 stores in exactly the checked 8 bytes");
