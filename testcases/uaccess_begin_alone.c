// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __uaccess_begin() without access_ok()
 * check-description: __uaccess_begin() only opens the region, it checks nothing; with no access_ok() on args->out the store is unchecked (but inside an open region).
 * check-level: 0
 *
 * check-output-start
uaccess_begin_alone.c:27:9: warning: unsafe_put_user() on 'args->out' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
uaccess_begin_alone.c:27:9: note: no check of 'args->out' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct seq_args {
	u64 __user *out;
	u64 seq;
};

int put_seq(struct seq_args *args);
int put_seq(struct seq_args *args)
{
	__uaccess_begin();
	unsafe_put_user(args->seq, args->out, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_seq);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __uaccess_begin() without access_ok()");
