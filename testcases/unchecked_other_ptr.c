// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on a different pointer
 * check-description: The region is opened on the pointer loaded from args->status, but the second store goes through args->result, a different pointer that nothing validated; the first store is proven.
 * check-level: 0
 *
 * check-output-start
unchecked_other_ptr.c:32:9: warning: unsafe_put_user() on 'args->result' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_other_ptr.c:29:14: note: this check validates a different pointer
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct pair_args {
	u32 __user *status;
	u32 __user *result;
	u32 value;
};

int report_pair(struct pair_args *args);
int report_pair(struct pair_args *args)
{
	u32 __user *status = args->status;

	if (!user_write_access_begin(status, sizeof(*status)))
		return -EFAULT;
	unsafe_put_user(0, status, efault);
	unsafe_put_user(args->value, args->result, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(report_pair);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin on a different pointer");
