// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: masked begin reassigning the pointer, checking begin otherwise
 * check-description: The fs/select.c get_sigset_argpack() shape: the pointer is replaced by the masked one or validated by user_read_access_begin(); on both paths the reads are covered.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_argpack {
	u64 __user *p;
	u64 size;
};

int get_argpack(struct uc_argpack *to, struct uc_argpack __user *from);
int get_argpack(struct uc_argpack *to, struct uc_argpack __user *from)
{
	if (can_do_masked_user_access())
		from = masked_user_access_begin(from);
	else if (!user_read_access_begin(from, sizeof(*from)))
		return -EFAULT;
	unsafe_get_user(to->p, &from->p, efault);
	unsafe_get_user(to->size, &from->size, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(get_argpack);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: masked begin reassigning the pointer, checking begin otherwise");
