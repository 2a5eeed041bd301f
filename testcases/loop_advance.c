// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: loop advancing the pointer inside the region (level 0)
 * check-description: The begin covers n elements at uarr and the loop stores through uarr++; the pointer stays on the checked root, so at level 0 nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int put_array(u32 __user *uarr, const u32 *vals, unsigned int n);
int put_array(u32 __user *uarr, const u32 *vals, unsigned int n)
{
	unsigned int i;

	if (!user_write_access_begin(uarr, n * sizeof(*uarr)))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		unsafe_put_user(vals[i], uarr, efault);
		uarr++;
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_array);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: loop advancing the pointer inside the region (level 0)");
